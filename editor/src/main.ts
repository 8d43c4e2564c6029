// Entry point: the app shell. Monaco, the card preview's print code and the playtest load lazily.
import './app.css';
import './bk-app.js';
