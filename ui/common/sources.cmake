# Sources of the widgets and text helpers the views share (paths relative to ui/): logging, the
# timer on the tab's clock, the message banner, the confirmation box, the typed-name
# confirmation and the production tab's mark and strip, the audited jobs and their progress
# dialog, the literal editor, value and size texts, the private settings file.
list(APPEND KVS_UI_SOURCES
    common/ui_logging.cpp
    common/clock_timer.cpp
    common/private_settings.cpp
    common/message_banner.cpp
    common/column_fitter.cpp
    common/scrolled_content.cpp
    common/confirm_destructive.cpp
    common/environment_strip.cpp
    common/typed_name_dialog.cpp
    common/production_mark.cpp
    common/audited_job.cpp
    common/batch_progress.cpp
    common/value_column_text.cpp
    common/value_type_name.cpp
    common/window_frame.cpp
    common/file_chooser.cpp
    common/literal_highlighter.cpp
    common/literal_editor.cpp
    common/literal_pretty_printer.cpp
)
