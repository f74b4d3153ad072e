// The phone's drawing of a game that has no table of its own (the plain kit in
// table/kits.py): nothing beyond the buttons page.js makes of its moves.
"use strict";

drawer(() => {});
