# Sources of the Benchmark view (paths relative to ui/).
list(APPEND KVS_UI_SOURCES
    benchmark/bench_result_model.cpp
    benchmark/bench_history_model.cpp
    benchmark/run_difference.cpp
    benchmark/chart_image.cpp
    benchmark/bench_chart.cpp
    benchmark/capacity_chart.cpp
    benchmark/bench_run_text.cpp
    benchmark/bench_export.cpp
    benchmark/bench_form.cpp
    benchmark/bench_controller.cpp
    benchmark/bench_charts.cpp
    benchmark/bench_exports.cpp
    benchmark/bench_history_panel.cpp
    benchmark/bench_run_progress.cpp
    benchmark/bench_run_starter.cpp
    benchmark/bench_pane.cpp
)
list(APPEND KVS_UI_SOURCES benchmark/reference_figures.cpp)
# The reference's published figures (benchmark/reference_figures.json), registered by
# Q_INIT_RESOURCE in benchmark/reference_figures.cpp.
qt_add_resources(KVS_UI_SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/benchmark/bench.qrc)
