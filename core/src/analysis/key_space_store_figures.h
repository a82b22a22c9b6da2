#pragma once

#include <kvs/key_space_analysis.h>

namespace kvs {
class SqlAdapter;
}

namespace kvs::detail {

// The report's queue and storage sections (the whole database's, whatever the prefix): one
// queueFigures() and one storageFigures() of adapter, queue relative to report.now. A section
// stays absent when the adapter has no such call (an adapter of the user's); any other failure
// is the analysis's. Reads only.
void readStoreFigures(SqlAdapter &adapter, KeySpaceReport &report);

} // namespace kvs::detail
