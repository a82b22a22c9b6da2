# Tests of the watch panes (ui/watch/). The pane test is built twice from one source: on SQLite
# files, and on PostgreSQL (KVS_WATCH_POSTGRES, label postgres) against the server of
# scripts/run-tests.sh.
kvs_add_test(tst_text_diff watch/tst_text_diff.cpp LIBS kvs_ui)
kvs_add_test(tst_watch_pane watch/tst_watch_pane.cpp LIBS kvs_ui)
kvs_add_test(tst_watch_pane_postgres watch/tst_watch_pane.cpp LIBS kvs_ui PostgreSQL::PostgreSQL
             LABELS postgres)
if(TARGET tst_watch_pane)
    kvs_test_path(tst_watch_pane KVS_SCREENSHOT_DIR "${CMAKE_CURRENT_BINARY_DIR}/screenshots")
    target_compile_definitions(tst_watch_pane_postgres PRIVATE KVS_WATCH_POSTGRES)
endif()
