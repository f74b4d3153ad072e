"""How each legal move is made on a drawn table, with no Qt: the gesture maps that the
desktop table and the device page both use, so the two can never disagree."""
