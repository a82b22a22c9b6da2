#!/usr/bin/env bash
# Renders the README's screenshots (offscreen) from the GUI tests into docs/screenshots/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
out="$PWD/docs/screenshots"
mkdir -p "$out"
export QT_QPA_PLATFORM=offscreen
KVS_SCREENSHOT_DIR="$out" ./build/tests/ui/tst_main_window savesAScreenshot savesADarkScreenshot
# The key tree's value columns and the inspector's structured view (the README's key browser).
KVS_SCREENSHOT_DIR="$out" ./build/tests/ui/tst_key_tree_columns savesAScreenshot
KVS_SCREENSHOT_DIR="$out" ./build/tests/ui/tst_structured_value savesAScreenshot
# A subtree export in progress, held after a batch by the bulk action's test hook.
KVS_SCREENSHOT_DIR="$out" ./build/tests/ui/tst_key_row_actions savesAScreenshotOfAnExportInProgress
# These tests save into the build tree; copy the ones the README shows.
./build/tests/ui/tst_inspector_edit savesAScreenshotOfTheConflictView
cp build/screenshots/inspector-conflict.png "$out/inspector-conflict.png"
./build/tests/ui/tst_connection_dialog savesScreenshots
cp build/tests/ui/connection-dialog-postgres.png "$out/connection-dialog.png"
cp build/tests/ui/connection-dialog-tls.png "$out/connection-dialog-tls.png"
# Issue 34: the SSH tunnel part of the dialog (needs no server for this test function).
./build/tests/ui/tst_ssh_connection dialogHasAnSshPart
cp build/tests/ui/connection-dialog-ssh.png "$out/connection-dialog-ssh.png"
# The Queues view: the overview with charts, the message browser with a filter, a bulk retry in
# progress (a queue history built on a test clock).
./build/tests/ui/tst_queues_layout savesTheReadmeScreenshots
for shot in queues queues-browser queues-bulk-retry; do
    cp "build/tests/ui/screenshots/$shot.png" "$out/$shot.png"
done
# The dead letters grouped by error signature above the browser, one group chosen (issue 43).
./build/tests/ui/tst_dead_letter_groups_panel groupsFilterTheBrowserAndRetryAGroup
cp build/tests/ui/screenshots/queues-groups.png "$out/queues-groups.png"
./build/tests/ui/tst_tables_pane savesScreenshots
cp build/tests/ui/screenshots/tables.png "$out/tables.png"
cp build/tests/ui/screenshots/sql-console.png "$out/sql-console.png"
# Edit > Recently Deleted, after a subtree delete (issue 42; the SQLite row needs no server).
./build/tests/ui/tst_database_undo aSubtreeDeleteComesBackFromTheRecycleBin:sqlite
cp build/tests/ui/screenshots/recently-deleted.png "$out/recently-deleted.png"
./build/tests/ui/tst_transaction_pane savesAScreenshot
cp build/tests/ui/screenshots/transaction.png "$out/transaction.png"
./build/tests/ui/tst_watch_pane savesAScreenshot
cp build/tests/ui/screenshots/watch.png "$out/watch.png"
./build/tests/ui/tst_bench_pane savesAScreenshot
cp build/tests/ui/screenshots/benchmark.png "$out/benchmark.png"
# Find capacity on a scratch store that stalls past 400 calls/s (the test's StallingAdapter).
./build/tests/ui/tst_bench_capacity savesAScreenshot
cp build/tests/ui/screenshots/benchmark-capacity.png "$out/benchmark-capacity.png"
./build/tests/ui/tst_key_search ctrlShiftFSearchesUnderTheSelectedNodeAndOpensAKey
cp build/tests/ui/screenshots/search.png "$out/search.png"
./build/tests/ui/tst_value_search_view searchViewInATabOpensAFoundKey
cp build/tests/ui/screenshots/search-values.png "$out/search-values.png"
# Issue 40: the Analysis view's treemap, and two saved reports compared.
./build/tests/ui/tst_analysis_view savesAScreenshotOfTheTreemap twoSavedReportsCompared:sqlite
cp build/tests/ui/screenshots/analysis-treemap.png "$out/analysis-treemap.png"
cp build/tests/ui/screenshots/analysis-compare.png "$out/analysis-compare.png"
./build/tests/ui/tst_preferences_dialog savesAScreenshot
cp build/tests/ui/screenshots/preferences.png "$out/preferences.png"
# The README's SQLite vs PostgreSQL chart: two runs on a throwaway PostgreSQL cluster, compared
# in the Benchmark view and written by its PNG export.
pgdir=$(mktemp -d)
trap 'bash scripts/postgres-test-cluster.sh stop "$pgdir" 2>/dev/null || true' EXIT
KVS_TEST_PG_URL=$(bash scripts/postgres-test-cluster.sh start "$pgdir" | tail -1)
export KVS_TEST_PG_URL KVS_TEST_PG_ROOT_CERT="$pgdir/root.crt"
KVS_COMPARE_SECONDS=8 ./build/tests/ui/tst_bench_pane_postgres savesAComparisonChartOfSqliteAndPostgres
cp build/tests/ui/screenshots/benchmark-compare.png "$out/benchmark-compare.png"
# Issue 41: the Maintenance view on SQLite and on PostgreSQL (a session idle in a transaction).
./build/tests/ui/tst_maintenance_sqlite savesAScreenshot
cp build/tests/ui/screenshots/maintenance-sqlite.png "$out/maintenance-sqlite.png"
./build/tests/ui/tst_maintenance_postgres savesAScreenshot
cp build/tests/ui/screenshots/maintenance-postgres.png "$out/maintenance-postgres.png"
# A tab during an outage (the test stops a PostgreSQL cluster of its own).
KVS_SCREENSHOT_DIR="$out" ./build/tests/ui/tst_database_outage_postgres \
    everyViewComesBackAfterTheServerCrashedAndStartedAgain
# Issue 35: the Connections list, a production tab, the typed-name confirmation.
./build/tests/ui/tst_saved_connections_ui savesAScreenshot
cp build/tests/ui/screenshots/connections-list.png "$out/connections-list.png"
./build/tests/ui/tst_production_tab savesAScreenshot
cp build/tests/ui/screenshots/production-tab.png "$out/production-tab.png"
./build/tests/ui/tst_typed_name_dialog savesAScreenshot
cp build/tests/ui/screenshots/typed-name-confirmation.png "$out/typed-name-confirmation.png"
