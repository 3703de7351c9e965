// A block's statements while the parser collects them (internal to frontend/): handed over as
// one vector of exactly the right size, without ever holding a long block twice. It knows
// nothing of ANTLR; the item driver in parse.cpp keeps one per open block.
#pragma once

#include <iterator>
#include <new>
#include <vector>

#include <sys/mman.h>

#include "frontend/ast.h"

namespace racelang::parse_detail {

// Pages for a long block's statements while the block is open, mapped for it and unmapped as
// soon as they are moved out. Freed malloc memory stays in the process (glibc returns only the
// top of its heap), so chunks from malloc would keep the block's statements resident twice
// once they are moved into the block's vector.
template <typename T> struct PageAllocator {
  using value_type = T;
  PageAllocator() = default;
  template <typename U> PageAllocator(const PageAllocator<U>&) {}
  T* allocate(size_t n) {
    void* p =
        ::mmap(nullptr, n * sizeof(T), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
    return static_cast<T*>(p);
  }
  void deallocate(T* p, size_t n) { ::munmap(p, n * sizeof(T)); }
  friend bool operator==(const PageAllocator&, const PageAllocator&) { return true; }
};

// A block's statements while they are parsed, handed over as one vector of exactly the right
// size. A block's length is not known before its '}', and growing one vector by doubling
// would hold the old and the new buffer at once; so the first statements go to a small vector
// and the rest to fixed chunks of pages, each unmapped as soon as it is moved: at the hand-over
// the block is resident about once, plus one chunk.
class BlockBuilder {
public:
  void push(Stmt stmt) {
    ++size_;
    if (first_.size() < kFirst) {
      if (first_.empty()) first_.reserve(kFirst);
      first_.push_back(std::move(stmt));
      return;
    }
    if (chunks_.empty() || chunks_.back().size() == kChunk) chunks_.emplace_back().reserve(kChunk);
    chunks_.back().push_back(std::move(stmt));
  }

  Block take() {
    Block block;
    block.reserve(size_);
    std::move(first_.begin(), first_.end(), std::back_inserter(block));
    Block().swap(first_);
    for (Chunk& chunk : chunks_) {
      std::move(chunk.begin(), chunk.end(), std::back_inserter(block));
      Chunk().swap(chunk);
    }
    chunks_.clear();
    size_ = 0;
    return block;
  }

private:
  using Chunk = std::vector<Stmt, PageAllocator<Stmt>>;
  static constexpr size_t kFirst = 64;   // most blocks: no pages mapped
  static constexpr size_t kChunk = 1024; // 352 KiB
  Block first_;
  std::vector<Chunk> chunks_;
  size_t size_ = 0;
};

} // namespace racelang::parse_detail
