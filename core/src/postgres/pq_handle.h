#pragma once

#include <memory>

struct pg_conn;
struct pg_result;
struct pg_cancel;

namespace kvs::detail {

// The one place libpq handles get their deleters (STYLE.md 11): no code path frees by hand.
struct PqConnFinisher
{
    void operator()(pg_conn *conn) const noexcept;
};
struct PqResultClearer
{
    void operator()(pg_result *result) const noexcept;
};
struct PqCancelFreer
{
    void operator()(pg_cancel *cancel) const noexcept;
};

using PqConnHandle = std::unique_ptr<pg_conn, PqConnFinisher>;
using PqResultHandle = std::unique_ptr<pg_result, PqResultClearer>;
using PqCancelHandle = std::unique_ptr<pg_cancel, PqCancelFreer>;

} // namespace kvs::detail
