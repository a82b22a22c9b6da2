# Tests of the key tree pane. The PostgreSQL rows run when the test command started a server.
kvs_add_test(tst_key_tree_model tst_key_tree_model.cpp LIBS kvs_ui PostgreSQL::PostgreSQL
             LABELS postgres)
