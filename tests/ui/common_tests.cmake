# Tests of what the views share: the timer on a tab's clock, the batched jobs' progress dialog.
kvs_add_test(tst_clock_timer common/tst_clock_timer.cpp LIBS kvs_ui)
# Issue 35: the typed-name confirmation and the production mark.
kvs_add_test(tst_typed_name_dialog common/tst_typed_name_dialog.cpp LIBS kvs_ui)
kvs_test_path(tst_typed_name_dialog KVS_SCREENSHOT_DIR "${CMAKE_CURRENT_BINARY_DIR}")
# The file dialogs never read the files they list (an open database keeps its locks).
kvs_add_test(tst_file_chooser common/tst_file_chooser.cpp LIBS kvs_ui)
# The progress dialog of the batched jobs: counts, Cancel, closing.
kvs_add_test(tst_batch_progress common/tst_batch_progress.cpp LIBS kvs_ui)
