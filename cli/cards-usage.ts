// The usage of `babelkit cards`, apart from the command: listing it loads nothing else.

export const CARDS_USAGE = `  babelkit cards export FILE --type T [--out cards.csv]
  babelkit cards import FILE cards.csv --type T [--remove-missing] [--dry-run]
      A card type's cards as a CSV table (one row per card: id, name, count, every field) and back. Export
      writes the cards as the file resolves them (a variant's bases merged in), to standard output without
      --out. Import writes the cells that differ into FILE (a base or a variant), keeping its comments and
      layout; new rows add cards; a card the table leaves out is removed only with --remove-missing. Any
      wrong cell is reported as cards.csv:ROW:COLUMN and nothing is written. --dry-run: check and report only.
`;
