# Tests of the Benchmark view (ui/benchmark/).
kvs_add_test(tst_bench_pane benchmark/tst_bench_pane.cpp LIBS kvs_ui)
if(TARGET tst_bench_pane)
    kvs_test_path(tst_bench_pane KVS_SCREENSHOT_DIR "${CMAKE_CURRENT_BINARY_DIR}/screenshots")
endif()
kvs_add_test(tst_bench_pane_postgres benchmark/tst_bench_pane_postgres.cpp
             LIBS kvs_ui PostgreSQL::PostgreSQL LABELS postgres)
if(TARGET tst_bench_pane_postgres)
    kvs_test_path(tst_bench_pane_postgres KVS_SCREENSHOT_DIR "${CMAKE_CURRENT_BINARY_DIR}/screenshots")
endif()
kvs_add_test(tst_bench_form benchmark/tst_bench_form.cpp LIBS kvs_ui)
kvs_add_test(tst_bench_history benchmark/tst_bench_history.cpp LIBS kvs_ui SQLite::SQLite3)
# Issue 44: Find capacity (on a store that stalls past a known rate), the .hgrm export, the SLO.
kvs_add_test(tst_bench_capacity benchmark/tst_bench_capacity.cpp LIBS kvs_ui)
if(TARGET tst_bench_capacity)
    kvs_test_path(tst_bench_capacity KVS_SCREENSHOT_DIR "${CMAKE_CURRENT_BINARY_DIR}/screenshots")
endif()
