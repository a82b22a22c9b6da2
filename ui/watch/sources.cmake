# Sources of the watch panes (paths relative to ui/).
list(APPEND KVS_UI_SOURCES
    watch/seen_change.cpp
    watch/live_feed.cpp
    watch/text_diff.cpp
    watch/watch_entries_model.cpp
    watch/watch_history_model.cpp
    watch/history_export.cpp
    watch/marked_text_delegate.cpp
    watch/watch_detail_pane.cpp
    watch/watch_pane_controller.cpp
    watch/watch_controller.cpp
    watch/watch_pane.cpp
    watch/watch_tab.cpp
    watch/live_updates.cpp
)
