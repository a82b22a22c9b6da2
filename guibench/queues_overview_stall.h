#pragma once

#include <iosfwd>

// The Queues view's cost to the GUI on a large queue, for kvs-gui-bench (op
// queues_overview_1m).
namespace kvs::bench {

// Fills a scratch SQLite file in a temporary folder with the queue_overview bench's 1,000,000
// rows, shows a QueuesPane on it (1400x900, its history file in the temporary folder too) and,
// while a 10 ms GUI timer ticks, asks the overview to refresh every 500 ms for seconds (besides
// the refreshes its own scheduler starts). Prints one JSON line or table row: the longest time
// between two ticks, the refreshes finished, and their median and slowest time as the view saw
// them. Throws kvs::Error "kvs: bench: ..." when the folder cannot be made or a refresh fails,
// and the store's errors. Requires: a QApplication, called on its thread.
void runQueuesOverviewStall(double seconds, bool json, std::ostream &out);

} // namespace kvs::bench
