// The usage of `babelkit print`, apart from the command: listing it loads neither pdfkit nor the fonts.

export const PRINT_USAGE = `  babelkit print FILE --out OUT.pdf [--deck NAME] [--cards SELECTOR] [--unique]
                 [--size poker|bridge|euro|mini|mini-euro|tarot|square|jumbo|WxH] [--paper a4|letter] [--landscape]
                 [--bleed MM] [--crop-marks|--no-crop-marks] [--backs none|duplex-long|duplex-short|fold]
                 [--back-offset X,Y] [--calibration]
      Print-and-play PDF of the ruleset's cards (default: every card, A4, poker size, crop marks,
      duplex-long backs). SELECTOR: card ids and type:ID, comma-separated.
`;
