#pragma once

#include "atomic/transaction_row.h"

#include <QString>

#include <vector>

namespace kvs::ui {

// The rows as the JavaScript call chain that commits the same transaction, one call a line:
//   store.atomic()
//     .check({ key: ["a"], version: 1025 })
//     .set(["a"], 1, { ttl: 5000 })
//     .commit();
// Literals are JavaScript already (new Date(...), 1n, new Map(...)). A row with a problem
// appears as a comment naming it, so the preview never shows code that would not run.
[[nodiscard]] QString transactionScript(const std::vector<TransactionRow> &rows);

} // namespace kvs::ui
