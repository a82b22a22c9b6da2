# Tests of the queue dashboard (ui/queues/).
kvs_add_test(tst_queues_pane queues/tst_queues_pane.cpp LIBS kvs_ui)
if(TARGET tst_queues_pane)
    target_compile_definitions(tst_queues_pane PRIVATE
        KVS_SCREENSHOT_DIR="${CMAKE_CURRENT_BINARY_DIR}/screenshots")
endif()
