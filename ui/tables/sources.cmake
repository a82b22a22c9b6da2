# Sources of the Tables view and the SQL console (paths relative to ui/); their Qt Sql work is
# kvs_rawsql's (rawsql/).
list(APPEND KVS_UI_SOURCES
    tables/table_rows_model.cpp
    tables/tables_controller.cpp
    tables/row_window_bar.cpp
    tables/tables_pane.cpp
    tables/statement_result_model.cpp
    tables/console_controller.cpp
    tables/sql_console_pane.cpp
    tables/cell_grid.cpp
)
