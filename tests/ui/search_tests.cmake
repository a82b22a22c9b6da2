# Tests of the key search view (issue 12). The PostgreSQL rows run when the test command
# started a server.
kvs_add_test(tst_key_search search/tst_key_search.cpp LIBS kvs_ui PostgreSQL::PostgreSQL
             LABELS postgres)
if(TARGET tst_key_search)
    kvs_test_path(tst_key_search KVS_SCREENSHOT_DIR "${CMAKE_CURRENT_BINARY_DIR}/screenshots")
endif()
# Issue 38: the values mode of the Search view and the actions on its results.
kvs_add_test(tst_value_search_view search/tst_value_search_view.cpp LIBS kvs_ui PostgreSQL::PostgreSQL
             LABELS postgres)
if(TARGET tst_value_search_view)
    kvs_test_path(tst_value_search_view KVS_SCREENSHOT_DIR "${CMAKE_CURRENT_BINARY_DIR}/screenshots")
endif()
