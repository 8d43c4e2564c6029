// Entry point of host.html: the host's page of a match on `babelkit serve`.
import './bk-host.js';
