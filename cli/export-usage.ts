// The usage of `babelkit export`, apart from the command: listing it loads neither the fonts nor the rasteriser.

export const EXPORT_USAGE = `  babelkit export tts FILE --out DIR [--deck NAME] [--cards SELECTOR] [--size SIZE] [--url BASE]
      Tabletop Simulator decks: per card type, PNG sheets of at most 10×7 card faces (one per card, its copies
      counted in the deck), a back image, and DIR/<ruleset id>.json, a saved object naming every card. Images
      are referred to by their file:// path, or BASE + file name with --url (after uploading them).
`;
