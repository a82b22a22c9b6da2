# Sources of the atomic transaction editor (paths relative to ui/).
list(APPEND KVS_UI_SOURCES
    atomic/transaction_row.cpp
    atomic/transaction_model.cpp
    atomic/transaction_script.cpp
    atomic/commit_history_model.cpp
    atomic/transaction_controller.cpp
    atomic/transaction_row_editor.cpp
    atomic/transaction_pane.cpp
)
