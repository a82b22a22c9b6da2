# Sources of the key search view (paths relative to ui/).
list(APPEND KVS_UI_SOURCES
    search/key_search_query.cpp
    search/key_search_result_model.cpp
    search/key_search_controller.cpp
    search/key_search_pane.cpp
)
