# Issue 41: a tab's Maintenance view (ui/maintenance/) on SQLite files, on the run's PostgreSQL
# server, and on a standby of a cluster of its own.
kvs_add_test(tst_maintenance_sqlite maintenance/tst_maintenance_sqlite.cpp LIBS kvs_ui
             SQLite::SQLite3)
kvs_add_test(tst_maintenance_postgres maintenance/tst_maintenance_postgres.cpp LIBS kvs_ui
             PostgreSQL::PostgreSQL LABELS postgres)
kvs_add_test(tst_maintenance_standby_postgres maintenance/tst_maintenance_standby_postgres.cpp
             LIBS kvs_ui PostgreSQL::PostgreSQL LABELS postgres)
if(TARGET tst_maintenance_sqlite)
    kvs_test_path(tst_maintenance_sqlite KVS_SCREENSHOT_DIR
                  "${CMAKE_CURRENT_BINARY_DIR}/screenshots")
    kvs_test_path(tst_maintenance_postgres KVS_SCREENSHOT_DIR
                  "${CMAKE_CURRENT_BINARY_DIR}/screenshots")
    kvs_test_path(tst_maintenance_standby_postgres KVS_SOURCE_DIR "${PROJECT_SOURCE_DIR}")
endif()
