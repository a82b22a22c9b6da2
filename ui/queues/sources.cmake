# Sources of the queue dashboard (paths relative to ui/).
list(APPEND KVS_UI_SOURCES
    queues/queue_overview_model.cpp
    queues/queue_message_model.cpp
    queues/queue_refresh_scheduler.cpp
    queues/queues_controller.cpp
    queues/queues_pane.cpp
    queues/queue_history.cpp
    queues/queue_history_file.cpp
    queues/queue_rate_sampler.cpp
    queues/queue_charts_view.cpp
    queues/queue_trends_panel.cpp
    queues/queue_count_job.cpp
    queues/sweep_job.cpp
    queues/sweep_job_bar.cpp
    queues/queue_actions.cpp
    queues/queue_actions_bar.cpp
    queues/enqueue_dialog.cpp
    queues/audit_log_model.cpp
    queues/audit_log_view.cpp
    queues/dead_letter_groups_model.cpp
    queues/dead_letter_groups_panel.cpp
)
