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
list(APPEND KVS_UI_SOURCES bench/reference_figures.cpp)
# The reference's published figures (bench/reference_figures.json), registered by
# Q_INIT_RESOURCE in bench/reference_figures.cpp.
qt_add_resources(KVS_UI_SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/bench/bench.qrc)
