#pragma once

#include "tree/key_tree_model.h"

#include <string>
#include <vector>

namespace kvs::ui {

// The live refresh's merge: the children a listing just read again replace a node's loaded rows
// of their range in place (removals and insertions in runs, marks updated), so the view keeps
// its expansion, selection and scroll position. KeyTreeLiveRefresh decides what to read and
// when; this applies it to the model. A helper over a model that outlives it.
// Thread rule: GUI thread only.
class KeyTreeMerge
{
public:
    explicit KeyTreeMerge(KeyTreeModel &model);

    // fresh (the children of node in range, in the tree's order, as a listing just read them)
    // replaces node's loaded rows in range in place: rows that went are removed, new ones
    // inserted (not where a placeholder stands for them), marks updated. The rows of keep
    // (an encoded key: the row the user looks at) and of its ancestors are never removed.
    // Returns whether such a row was kept although fresh no longer holds it.
    bool apply(const QModelIndex &node,
               const KeyTreeModel::ChildRange &range,
               const std::vector<KeyChild> &fresh,
               const std::string &keep);

private:
    void updateMarks(KeyTreeNode &row, const KeyChild &fresh, const std::string &keep);
    void fixBoundaries(KeyTreeNode &node);

    KeyTreeModel &m_model; // Not owned.
};

} // namespace kvs::ui
