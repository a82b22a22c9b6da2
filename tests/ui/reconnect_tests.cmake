# Tests of a tab's reconnect mechanism (ui/reconnect/, issue 30). The outage tests stop, crash
# and restart a PostgreSQL cluster of their own (scripts/postgres-test-cluster.sh), never the
# run's shared server; they write through the kvs CLI, another process.
kvs_add_test(tst_reconnect_monitor reconnect/tst_reconnect_monitor.cpp LIBS kvs_ui)
kvs_add_test(tst_outage_views reconnect/tst_outage_views.cpp LIBS kvs_ui)
kvs_add_test(tst_database_outage_sqlite reconnect/tst_database_outage_sqlite.cpp LIBS kvs_ui)
kvs_add_test(tst_database_outage_postgres reconnect/tst_database_outage_postgres.cpp
             LIBS kvs_ui PostgreSQL::PostgreSQL LABELS postgres)
if(TARGET tst_database_outage_postgres)
    add_dependencies(tst_database_outage_sqlite kvs)
    add_dependencies(tst_database_outage_postgres kvs)
    kvs_test_path(tst_database_outage_postgres KVS_SOURCE_DIR "${PROJECT_SOURCE_DIR}")
    kvs_test_path(tst_database_outage_postgres KVS_SCREENSHOT_DIR
                  "${CMAKE_CURRENT_BINARY_DIR}/screenshots")
endif()
