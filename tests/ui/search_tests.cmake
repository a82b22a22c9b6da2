# Tests of the key search view (issue 12). The PostgreSQL rows run when the test command
# started a server.
kvs_add_test(tst_key_search search/tst_key_search.cpp LIBS kvs_ui PostgreSQL::PostgreSQL
             LABELS postgres)
if(TARGET tst_key_search)
    kvs_test_path(tst_key_search KVS_SCREENSHOT_DIR "${CMAKE_CURRENT_BINARY_DIR}/screenshots")
endif()
