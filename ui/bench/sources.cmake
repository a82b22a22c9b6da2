# Sources of the Benchmark view (paths relative to ui/).
list(APPEND KVS_UI_SOURCES
    bench/bench_result_model.cpp
    bench/bench_history_model.cpp
    bench/bench_chart.cpp
    bench/bench_export.cpp
    bench/bench_form.cpp
    bench/bench_controller.cpp
    bench/bench_pane.cpp
)
