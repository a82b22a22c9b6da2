# Sources of the Search view: key search and value search (paths relative to ui/).
list(APPEND KVS_UI_SOURCES
    search/search_controller.cpp
    search/key_search_query.cpp
    search/key_search_result_model.cpp
    search/key_search_controller.cpp
    search/search_run_widgets.cpp
    search/key_search_pane.cpp
    search/value_search_query.cpp
    search/value_search_result_model.cpp
    search/value_search_controller.cpp
    search/match_mark_delegate.cpp
    search/checked_writes.cpp
    search/value_result_action.cpp
    search/value_search_pane.cpp
    search/search_view.cpp
)
