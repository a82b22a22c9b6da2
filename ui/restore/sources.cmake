# Sources of the session that comes back (paths relative to ui/): the saved state and its file,
# what a tab showed and putting it back, the recorder that writes it as it changes and the
# restorer that opens the tabs again at the next start, and the remembered column widths.
list(APPEND KVS_UI_SOURCES
    restore/session_state.cpp
    restore/tab_state_capture.cpp
    restore/session_recorder.cpp
    restore/session_restorer.cpp
    restore/column_memory.cpp
)
