# Sources of the queue dashboard (paths relative to ui/).
list(APPEND KVS_UI_SOURCES
    queues/queue_overview_model.cpp
    queues/queue_message_model.cpp
    queues/queue_refresh_scheduler.cpp
    queues/queues_controller.cpp
    queues/queues_pane.cpp
    queues/sweep_job.cpp
    queues/sweep_job_bar.cpp
)
