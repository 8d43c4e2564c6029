// The usage text of `babelkit serve`, apart from the command so that `babelkit --help` does not load it.

export const SERVE_USAGE = `  babelkit serve [--port N] [--host H] [--data DIR] [--public-url URL] [--build]
                 [--allow-host NAME,…] [--allow-origin ORIGIN,…] [--max-connections N] [--no-compile]
      Host playtest matches: every seat on its own device, bots in the empty seats. Serves the editor,
      the seat and host pages and an HTTP API; matches are stored in DIR (default ./babelkit-data) and
      resume after a restart. Default 127.0.0.1:4180; --host 0.0.0.0 for the local network.
      It answers to IP addresses, localhost and the public URL's name (--allow-host adds names), and
      takes new matches and live connections only from its own pages (--allow-origin adds others).
      One client address may hold N connections open (default 300).
`;
