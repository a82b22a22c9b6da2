# Sources of the key tree pane (paths relative to ui/).
list(APPEND KVS_UI_SOURCES
    tree/key_part_text.cpp
    tree/key_tree_filter.cpp
    tree/key_tree_model.cpp
    tree/key_tree_model_spans.cpp
    tree/key_tree_model_values.cpp
    tree/key_tree_loader.cpp
    tree/key_tree_loader_seek.cpp
    tree/key_tree_loader_gaps.cpp
    tree/key_tree_loader_updates.cpp
    tree/key_tree_merge.cpp
    tree/key_tree_columns.cpp
    tree/key_tree_live_refresh.cpp
    tree/key_tree_filter_bar.cpp
    tree/key_path_finder.cpp
    tree/placeholder_loader.cpp
    tree/key_tree_pane.cpp
    tree/key_row_actions.cpp
    tree/subtree_bulk_action.cpp
    tree/outside_rows_model.cpp
    tree/outside_rows_view.cpp
)
