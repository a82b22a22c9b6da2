# Tests of the tree pane.
