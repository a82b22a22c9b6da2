# Issue 40: the Analysis view (the treemap's layout, the view on SQLite and PostgreSQL, the view
# in a database tab). The PostgreSQL rows run when the test command started a server.
kvs_add_test(tst_treemap_layout analysis/tst_treemap_layout.cpp LIBS kvs_ui)
kvs_add_test(tst_analysis_view analysis/tst_analysis_view.cpp LIBS kvs_ui PostgreSQL::PostgreSQL
             LABELS postgres)
if(TARGET tst_analysis_view)
    kvs_test_path(tst_analysis_view KVS_SCREENSHOT_DIR "${CMAKE_CURRENT_BINARY_DIR}/screenshots")
endif()
kvs_add_test(tst_analysis_tab analysis/tst_analysis_tab.cpp LIBS kvs_ui PostgreSQL::PostgreSQL
             LABELS postgres)
