# Tests of the Tables view and the SQL console (ui/tables/).
kvs_add_test(tst_tables_pane tables/tst_tables_pane.cpp LIBS kvs_ui SQLite::SQLite3)
if(TARGET tst_tables_pane)
    kvs_test_path(tst_tables_pane KVS_SCREENSHOT_DIR "${CMAKE_CURRENT_BINARY_DIR}/screenshots")
endif()
kvs_add_test(tst_tables_pane_postgres tables/tst_tables_pane_postgres.cpp
    LIBS kvs_ui PostgreSQL::PostgreSQL LABELS postgres)
# Issue 28: the SQL history is read and written off the GUI thread (a named pipe never holds it).
kvs_add_test(tst_console_history tables/tst_console_history.cpp LIBS kvs_ui)
