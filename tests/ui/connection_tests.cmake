# Tests of the connection pane.
kvs_add_test(tst_connection_spec tst_connection_spec.cpp LIBS kvs_ui)
