# Tests of the connection pane.
