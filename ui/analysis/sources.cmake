# Sources of the Analysis view: the key-space report, its treemap, charts, findings and saved
# reports compared (paths relative to ui/).
list(APPEND KVS_UI_SOURCES
    analysis/treemap_layout.cpp
    analysis/treemap_tiles.cpp
    analysis/treemap_widget.cpp
    analysis/treemap_breadcrumb.cpp
    analysis/analysis_texts.cpp
    analysis/analysis_charts.cpp
    analysis/analysis_tables.cpp
    analysis/findings_panel.cpp
    analysis/saved_reports_panel.cpp
    analysis/widget_image.cpp
    analysis/analysis_controller.cpp
    analysis/analysis_view.cpp
)
