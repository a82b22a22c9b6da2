# Tests of the atomic transaction editor (ui/atomic/): on SQLite, and again on the test run's
# PostgreSQL (KVS_TRANSACTION_BACKEND=postgres). Both run the kvs binary as the other process.
kvs_add_test(tst_transaction_pane atomic/tst_transaction_pane.cpp LIBS kvs_ui PostgreSQL::PostgreSQL)
if(TARGET tst_transaction_pane)
    add_dependencies(tst_transaction_pane kvs)
    kvs_test_path(tst_transaction_pane KVS_SCREENSHOT_DIR "${CMAKE_CURRENT_BINARY_DIR}/screenshots")
    set_property(TEST tst_transaction_pane PROPERTY LABELS sqlite)
    add_test(NAME tst_transaction_pane_postgres COMMAND tst_transaction_pane)
    set_tests_properties(tst_transaction_pane_postgres PROPERTIES LABELS postgres
        ENVIRONMENT "QT_QPA_PLATFORM=offscreen;KVS_TRANSACTION_BACKEND=postgres;KVS_AUDIT_LOG=${CMAKE_CURRENT_BINARY_DIR}/audit/tst_transaction_pane_postgres.jsonl;KVS_UNDO_DIR=${CMAKE_CURRENT_BINARY_DIR}/undo/tst_transaction_pane_postgres")
endif()
