# Tests of the inspector pane.
kvs_add_test(tst_inspector_printing tst_inspector_printing.cpp LIBS kvs_ui)
