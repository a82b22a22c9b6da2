# Tests of the key tree pane. The PostgreSQL rows run when the test command started a server.
kvs_add_test(tst_key_tree_model tst_key_tree_model.cpp LIBS kvs_ui PostgreSQL::PostgreSQL
             LABELS postgres)
# Freed memory filled with a pattern: a use after free crashes instead of passing by luck.
set_property(TEST tst_key_tree_model APPEND PROPERTY ENVIRONMENT MALLOC_PERTURB_=165)
# The row menu's copy actions, Ctrl+C / Del / F2 and the subtree's bulk actions (issue 12).
kvs_add_test(tst_key_row_actions tst_key_row_actions.cpp LIBS kvs_ui SQLite::SQLite3)
