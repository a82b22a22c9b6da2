# Tests of the inspector pane.
