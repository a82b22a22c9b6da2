#pragma once

#include "tree/key_tree_node.h"

#include <kvs/clock.h>

#include <QVariant>

#include <memory>

namespace kvs::ui {

// A KeyTreeModel row's value columns (kind, stored size, expiry countdown against clock, the
// system's when null), as its listing found them (KeyChild::value); empty for a key without a
// value. key_tree_model_values.cpp.
QVariant
valueCell(const KeyTreeNode &node, int column, int role, const std::shared_ptr<Clock> &clock);

} // namespace kvs::ui
