// Entry point of play.html: a person's seat in a match hosted by `babelkit serve`.
import './bk-seat.js';
