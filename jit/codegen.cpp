// AST -> LLVM IR (see codegen.h). One ThreadCodegen per racelang thread walks that thread's
// body in text order, emitting straight-line IR with a basic block per control-flow join and a
// cold block per possible failure. Evaluation order matches the interpreter's postfix code
// exactly (left operand, right operand, then the operation; `&&`/`||` short-circuit; a store
// evaluates its value before its index), so the first failure an expression reports is the same
// on both backends.
#include "jit/codegen.h"

#include <algorithm>
#include <array>
#include <functional>
#include <limits>
#include <optional>
#include <stdexcept>
#include <unordered_map>

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/MDBuilder.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Support/raw_ostream.h>

#include "frontend/ast_walk.h"
#include "frontend/print.h"
#include "jit/runtime.h"
#include "jit/shared_code.h"

namespace racelang::jit {
namespace {

using llvm::BasicBlock;
using llvm::IRBuilder;
using llvm::Type;
using llvm::Value;

// Types and runtime declarations shared by every thread function of a module.
struct ModuleEnv {
  llvm::LLVMContext& cx;
  llvm::Module& module;
  Type* i1;
  Type* i32;
  Type* i64;
  llvm::PointerType* ptr;
  llvm::StructType* ctx_type;
  llvm::FunctionCallee lock_slow, unlock_wake, spawn, wait, print, fail, race;
  llvm::FunctionCallee cond_wait, notify, await, assume_failed;
  IRBuilder<> builder; // for code in this module
  // The shared functions of this module by shape key (jit/shared_code.h), each with the number
  // of sites one occurrence of it adds to the site table.
  struct SharedFunction {
    llvm::Function* function;
    size_t sites;
  };
  std::unordered_map<std::string, SharedFunction> shared;

  ModuleEnv(llvm::LLVMContext& c, llvm::Module& m)
      : cx(c), module(m), i1(Type::getInt1Ty(c)), i32(Type::getInt32Ty(c)),
        i64(Type::getInt64Ty(c)), ptr(llvm::PointerType::getUnqual(c)), builder(c) {
    // rl_thread_ctx: memory, stop, counters, run, thread_index, reserved.
    ctx_type = llvm::StructType::create(c, {ptr, ptr, ptr, ptr, i32, i32}, "rl_thread_ctx");
    auto declare = [&](const char* name, Type* ret, std::vector<Type*> params) {
      llvm::FunctionCallee f =
          m.getOrInsertFunction(name, llvm::FunctionType::get(ret, params, false));
      if (auto* fn = llvm::dyn_cast<llvm::Function>(f.getCallee()))
        fn->addFnAttr(llvm::Attribute::NoUnwind);
      return f;
    };
    Type* vd = Type::getVoidTy(c);
    lock_slow = declare("rl_lock_slow", i32, {ptr, ptr, i32});
    unlock_wake = declare("rl_unlock_wake", vd, {ptr, ptr});
    spawn = declare("rl_spawn", i32, {ptr, i32, i32});
    wait = declare("rl_wait", i32, {ptr, i32, i32});
    print = declare("rl_print", vd, {ptr, ptr, i32});
    fail = declare("rl_fail", vd, {ptr, i32, ptr});
    race = declare("rl_race", i32, {ptr, i32, i64, i64, i64, i64});
    cond_wait = declare("rl_cond_wait", i32, {ptr, i64, ptr, i32});
    notify = declare("rl_notify", vd, {ptr, i64, i32});
    await = declare("rl_await", i32, {ptr, i64, i64, i32});
    assume_failed = declare("rl_assume_failed", vd, {ptr, i32});
  }
};

class ThreadCodegen {
public:
  // The thread function goes into `env`; the parts of a split thread into `part_envs`, in turn
  // (`next_part_env` counts across the threads of the program); code that runs rarely into
  // `quick_env` (null: none, CodegenOptions::quick_rare_code off).
  ThreadCodegen(ModuleEnv& env, const std::vector<std::unique_ptr<ModuleEnv>>& part_envs,
                size_t& next_part_env, ModuleEnv* quick_env, const ProgramInfo& info,
                ProgramLayout& layout, const CodegenOptions& options, const ShapeTable& shapes,
                StatementFacts& facts, uint32_t thread_index)
      : env_(&env), part_envs_(part_envs), next_part_env_(next_part_env), info_(info),
        layout_(layout), options_(options), shapes_(shapes), facts_(facts), thread_(thread_index),
        id_(info.threads[thread_index].id), quick_env_(quick_env) {}

  // With `group`, the thread is a member of a ThreadGroup (shared_code.h) and the function is
  // the group's, `void NAME(ctx, i64 thread id, i32 first site, i64 offset...)`, internal and
  // noinline: its literals that differ between the members are the first member's values plus
  // the offset parameters, its thread id and sites the parameters (see "Shared thread
  // functions" below).
  llvm::Function* emit(const std::string& name, const ThreadGroup* group = nullptr,
                       size_t member = 0) {
    std::vector<Type*> params{env_->ptr};
    size_t parameters =
        group && options_.fault != Fault::SharedThreadsUseFirstLiterals ? group->use.parameters : 0;
    if (group) {
      params.push_back(env_->i64);
      params.push_back(env_->i32);
      params.insert(params.end(), parameters, env_->i64);
      params.insert(params.end(), group->selectors, env_->i32);
    }
    auto* type = llvm::FunctionType::get(Type::getVoidTy(env_->cx), params, false);
    fn_ = llvm::Function::Create(
        type, group ? llvm::Function::InternalLinkage : llvm::Function::ExternalLinkage, name,
        env_->module);
    fn_->addFnAttr(llvm::Attribute::NoUnwind);
    if (group) fn_->addFnAttr(llvm::Attribute::NoInline);
    name_ = name;
    ctx_ = fn_->getArg(0);
    ctx_->setName("ctx");
    Parametric thread_params;
    if (group) {
      thread_params.thread_id = fn_->getArg(1);
      thread_params.thread_id->setName("thread");
      thread_params.site_base = fn_->getArg(2);
      thread_params.site_base->setName("first_site");
      thread_params.site_origin = static_cast<uint32_t>(layout_.sites.size());
      const std::vector<const void*>& nodes = group->literal_nodes[member];
      for (size_t k = 0; k < nodes.size() && parameters > 0; ++k)
        if (group->use.parameter[k] >= 0)
          thread_params.literals[nodes[k]] = {fn_->getArg(3 + group->use.parameter[k]),
                                              group->use.first[k]};
      param_ = &thread_params;
      group_ = group;
      member_ = member;
      for (size_t k = 0; k < group->selectors; ++k)
        selectors_.push_back(fn_->getArg(3 + parameters + k));
    }
    BasicBlock* entry = BasicBlock::Create(env_->cx, "entry", fn_);
    exit_ = BasicBlock::Create(env_->cx, "exit", fn_);
    irb().SetInsertPoint(entry);

    const Block& body = *info_.threads[thread_].body;
    std::vector<std::string> names;
    thread_locals(body, names);
    size_t print_slots = 1;
    // A group's function holds the other members' forms of its variants too.
    if (group && !group->variants.empty()) {
      std::vector<std::string> more;
      for (const ThreadVariant& v : group->variants)
        for (const UnitRef& u : v.alternatives)
          outlined_needs(*u.block, u.begin, u.end, more, print_slots);
      for (const std::string& n : more)
        if (std::find(names.begin(), names.end(), n) == names.end()) names.push_back(n);
    }
    for (const std::string& n : names) {
      llvm::AllocaInst* slot = irb().CreateAlloca(env_->i64, nullptr, n);
      irb().CreateStore(irb().getInt64(0), slot);
      locals_[n] = slot;
    }
    if (options_.max_function_statements > 0 &&
        block_weight(body) > options_.max_function_statements) {
      // Split functions exchange locals through this frame (see "Large threads" below).
      for (size_t k = 0; k < names.size(); ++k) frame_slot_[names[k]] = k;
      frame_size_ = std::max<size_t>(names.size(), 1);
      frame_ = irb().CreateAlloca(frame_type(), nullptr, "frame");
    }
    max_print_args(body, print_slots);
    begin_function_body(print_slots);

    block(body);
    irb().CreateBr(exit_);

    irb().SetInsertPoint(exit_);
    flush_counters();
    irb().CreateRetVoid();
    param_ = nullptr;
    group_ = nullptr;
    return fn_;
  }

  size_t split_functions() const { return parts_; }
  // Calls of shared runs written, and those of them in slow paths (RunPlace::slow_path).
  size_t shared_calls() const { return shared_calls_; }
  size_t slow_path_shared_calls() const { return slow_path_shared_calls_; }
  size_t rare_functions() const { return rare_functions_.size(); }
  // A member of a thread group other than the first throws its code away, its rare paths'
  // functions (and their declarations) included.
  void erase_rare_functions() {
    for (llvm::Function* f : rare_functions_) f->eraseFromParent();
    for (llvm::Function* f : rare_declarations_) f->eraseFromParent();
  }

private:
  static constexpr uint64_t kValueSlots = kSiteValueSlots;

  // The values and print arrays, the counters, the memory and stop pointers: what every
  // function of the thread sets up in its entry block after the locals.
  void begin_function_body(size_t print_slots) {
    values_ = irb().CreateAlloca(llvm::ArrayType::get(env_->i64, kValueSlots), nullptr, "values");
    print_args_ =
        irb().CreateAlloca(llvm::ArrayType::get(env_->i64, print_slots), nullptr, "print_args");
    if (options_.stats)
      for (auto& c : counters_) {
        c = irb().CreateAlloca(env_->i64, nullptr, "count");
        irb().CreateStore(irb().getInt64(0), c);
      }
    memory_ = irb().CreateLoad(env_->ptr, irb().CreateStructGEP(env_->ctx_type, ctx_, 0), "memory");
    stop_ = irb().CreateLoad(env_->ptr, irb().CreateStructGEP(env_->ctx_type, ctx_, 1), "stop");
  }

  // Adds this function's counters to the thread's slots (each function counts on its own).
  void flush_counters() {
    if (!options_.stats) return;
    Value* out =
        irb().CreateLoad(env_->ptr, irb().CreateStructGEP(env_->ctx_type, ctx_, 2), "counters");
    for (uint32_t k = 0; k < rl_counter_count; ++k) {
      Value* at = irb().CreateConstInBoundsGEP1_64(env_->i64, out, k);
      Value* sum = irb().CreateAdd(irb().CreateLoad(env_->i64, at),
                                   irb().CreateLoad(env_->i64, counters_[k]));
      irb().CreateStore(sum, at);
    }
  }

  // --- Large threads ---------------------------------------------------------------------------
  //
  // LLVM's -O2 pipeline and instruction selection cost more than linear time in a function's
  // size (a 100,000-statement thread took 35 s), so a block heavier than
  // max_function_statements is cut at statement boundaries into runs of at most that weight,
  // each compiled as an internal noinline function `i1 NAME.partK(ctx, frame)`. Locals travel
  // through `frame`, an i64 array in the thread function with a slot per local: a call stores
  // the locals the run mentions into their slots, the part loads them into allocas of its own
  // (which mem2reg promotes, as in any function) and stores them back when it finishes. A part
  // returns false when the thread must leave (a failure, a race without --keep-going, the stop
  // flag), and its caller then leaves too. A statement heavier than the limit on its own (a big
  // loop or if) stays in its function, and its bodies are cut the same way. Programs below the
  // limit compile exactly as they did before.

  size_t weight(const Stmt& s) { return facts_.weight(s); }
  size_t block_weight(const Block& stmts) { return facts_.weight(stmts); }

  // The locals stmts[begin, end) mention (nested bodies included, in order of first mention)
  // and the most arguments one of their prints has: what a function compiled from them
  // exchanges with its caller and needs for itself.
  static void outlined_needs(const Block& stmts, size_t begin, size_t end,
                             std::vector<std::string>& names, size_t& print_slots) {
    for (size_t k = begin; k < end; ++k) {
      const Stmt& s = stmts[k];
      collect_locals(s, names);
      if (const auto* i = std::get_if<If>(&s.node)) {
        thread_locals(i->then_body, names);
        if (i->else_body) thread_locals(*i->else_body, names);
        max_print_args(i->then_body, print_slots);
        if (i->else_body) max_print_args(*i->else_body, print_slots);
      } else if (const auto* l = std::get_if<While>(&s.node)) {
        thread_locals(l->body, names);
        max_print_args(l->body, print_slots);
      } else if (const auto* p = std::get_if<Print>(&s.node)) {
        print_slots = std::max(print_slots, p->args.size());
      }
    }
  }

  // What a function outlining stmts[begin, end) needs from its caller's frame: the locals it
  // mentions (outlined_needs), whether each is passed in (only those whose entry values the
  // code may use, locals_live_into: the others it assigns before any read, and storing them
  // would keep them live across the caller's loops), and its print slots. All of them come back.
  struct OutlinedFrame {
    std::vector<std::string> names;
    std::vector<bool> passed_in; // per names[k]
    size_t print_slots = 1;
  };
  static OutlinedFrame outlined_frame(const Block& stmts, size_t begin, size_t end) {
    OutlinedFrame frame;
    outlined_needs(stmts, begin, end, frame.names, frame.print_slots);
    std::vector<std::string> in;
    locals_live_into(stmts, begin, end, in);
    for (const std::string& n : frame.names)
      frame.passed_in.push_back(std::find(in.begin(), in.end(), n) != in.end());
    return frame;
  }

  // Calls a function written by emit_outlined: the locals passed in out to their frame slots,
  // the call, the thread leaves if it returned false, every local of the frame back.
  void call_outlined(llvm::FunctionCallee callee, const std::vector<Value*>& args,
                     const OutlinedFrame& frame,
                     const std::function<Value*(const std::string&)>& slot) {
    const std::vector<std::string>& names = frame.names;
    for (size_t k = 0; k < names.size(); ++k)
      if (frame.passed_in[k])
        irb().CreateStore(irb().CreateLoad(env_->i64, local(names[k])), slot(names[k]));
    Value* go_on = irb().CreateCall(callee, args);
    BasicBlock* cont = new_block("call.done");
    llvm::MDBuilder md(env_->cx);
    irb().CreateCondBr(go_on, cont, exit_, md.createBranchWeights(1u << 20, 1));
    irb().SetInsertPoint(cont);
    for (const std::string& n : names)
      irb().CreateStore(irb().CreateLoad(env_->i64, slot(n)), local(n));
  }

  // Writes `f`, an `i1 f(ctx, frame, ...)` in `env`, with `body` emitting its statements: the
  // locals `outlined` passes in start from their slots in the frame (an array of `frame_type`),
  // the others unset (the body assigns them before any read), and all go back to them when it
  // returns true; it returns false where the thread must leave (a failure, a
  // race without --keep-going, the stop flag). The function being written is set aside
  // meanwhile and restored after.
  void emit_outlined(ModuleEnv* env, llvm::Function* f, llvm::ArrayType* frame_type,
                     const OutlinedFrame& outlined,
                     const std::function<size_t(const std::string&)>& slot_index,
                     const std::function<void()>& body) {
    const std::vector<std::string>& names = outlined.names;
    IRBuilder<>::InsertPointGuard guard(irb());
    ModuleEnv* saved_env = env_;
    llvm::Function* saved_fn = fn_;
    Value *saved_ctx = ctx_, *saved_memory = memory_, *saved_stop = stop_,
          *saved_frame_arg = frame_arg_;
    BasicBlock* saved_exit = exit_;
    llvm::AllocaInst *saved_values = values_, *saved_print = print_args_, *saved_frame = frame_,
                     *saved_shared_frame = shared_frame_;
    llvm::PHINode* saved_fail_site = fail_site_;
    uint32_t saved_fail_first_site = fail_first_site_;
    fail_site_ = nullptr;
    std::array<llvm::AllocaInst*, rl_counter_count> saved_counters;
    std::copy(std::begin(counters_), std::end(counters_), saved_counters.begin());
    std::unordered_map<std::string, llvm::AllocaInst*> saved_locals;
    saved_locals.swap(locals_);

    env_ = env;
    fn_ = f;
    ctx_ = f->getArg(0);
    ctx_->setName("ctx");
    frame_arg_ = f->getArg(1);
    frame_arg_->setName("frame");
    shared_frame_ = nullptr;
    BasicBlock* entry = BasicBlock::Create(env_->cx, "entry", fn_);
    exit_ = BasicBlock::Create(env_->cx, "exit", fn_);
    irb().SetInsertPoint(entry);
    auto slot = [&](const std::string& n) {
      return irb().CreateConstInBoundsGEP2_64(frame_type, frame_arg_, 0, slot_index(n));
    };
    for (size_t k = 0; k < names.size(); ++k) {
      llvm::AllocaInst* a = irb().CreateAlloca(env_->i64, nullptr, names[k]);
      if (outlined.passed_in[k]) irb().CreateStore(irb().CreateLoad(env_->i64, slot(names[k])), a);
      locals_[names[k]] = a;
    }
    begin_function_body(outlined.print_slots);
    body();
    for (const std::string& n : names)
      irb().CreateStore(irb().CreateLoad(env_->i64, local(n)), slot(n));
    flush_counters();
    irb().CreateRet(irb().getTrue());
    irb().SetInsertPoint(exit_);
    flush_counters();
    irb().CreateRet(irb().getFalse());

    env_ = saved_env;
    fn_ = saved_fn;
    ctx_ = saved_ctx;
    memory_ = saved_memory;
    stop_ = saved_stop;
    frame_arg_ = saved_frame_arg;
    exit_ = saved_exit;
    values_ = saved_values;
    print_args_ = saved_print;
    frame_ = saved_frame;
    shared_frame_ = saved_shared_frame;
    fail_site_ = saved_fail_site;
    fail_first_site_ = saved_fail_first_site;
    std::copy(saved_counters.begin(), saved_counters.end(), std::begin(counters_));
    locals_.swap(saved_locals);
  }

  // Compiles stmts[begin, end) as a call of a new part function.
  void call_part(const Block& stmts, size_t begin, size_t end) {
    const OutlinedFrame outlined = outlined_frame(stmts, begin, end);
    // The part goes into the next module in turn. In its caller's module it is internal, as
    // it always was with one module; in another, it is a hidden global there and declared here
    // (the JITDylib links the two).
    ModuleEnv* caller_env = env_;
    ModuleEnv* part_env = part_envs_[next_part_env_++ % part_envs_.size()].get();
    std::string part_name = name_ + ".part" + std::to_string(++parts_);
    auto declare_part = [&](ModuleEnv& env, llvm::GlobalValue::LinkageTypes linkage) {
      auto* type = llvm::FunctionType::get(env.i1, {env.ptr, env.ptr}, false);
      auto* f = llvm::Function::Create(type, linkage, part_name, env.module);
      f->addFnAttr(llvm::Attribute::NoUnwind);
      if (linkage != llvm::Function::InternalLinkage)
        f->setVisibility(llvm::GlobalValue::HiddenVisibility);
      return f;
    };
    llvm::Function* part =
        declare_part(*part_env, part_env == caller_env ? llvm::Function::InternalLinkage
                                                       : llvm::Function::ExternalLinkage);
    part->addFnAttr(llvm::Attribute::NoInline);
    llvm::Function* callee =
        part_env == caller_env ? part : declare_part(*caller_env, llvm::Function::ExternalLinkage);

    call_outlined(callee, {ctx_, frame_arg()}, outlined, [&](const std::string& n) -> Value* {
      return irb().CreateConstInBoundsGEP2_64(frame_type(), frame_arg(), 0, frame_slot_.at(n));
    });
    emit_outlined(
        part_env, part, llvm::ArrayType::get(part_env->i64, frame_size_), outlined,
        [&](const std::string& n) { return frame_slot_.at(n); },
        [&] { emit_range(stmts, begin, end); });
  }

  // --- Shared instrumentation code (jit/shared_code.h, jit/README.md) -------------------------
  //
  // A run of instrumentation code (one of candidate_runs: in a body of an instrumentation-only if
  // or while, or of a slow path outside synchronising loops, or a spawn's or wait's) whose
  // shape occurs more than once in the program is compiled once per module, as an internal
  // noinline function
  //   i1 racelang_shared.N(ctx, frame, i64 thread id, i32 first site, i64 offset...)
  // that the occurrences call: the literals that differ between the occurrences are the first
  // occurrence's values plus the caller's offsets, the thread id stands in for the constant
  // lock code uses, and the sites its
  // failures report are numbered from `first site`. Every occurrence adds its own sites to the
  // site table, in the same order (its code is written the same way as the function's, and the
  // function's copy of it thrown away), so a failure in the shared code reports the occurrence
  // that called it, with that occurrence's position and text.

  // stmts[begin, end), with the runs of shared shapes among them as calls, and in a thread
  // group's function (unless `variants` is false: writing one) its variants as switches.
  void emit_range(const Block& stmts, size_t begin, size_t end, bool variants = true) {
    std::vector<SharedRun> runs;
    if (!in_shared_ && options_.min_shared_weight > 0)
      runs = candidate_runs(stmts, options_.min_shared_weight,
                            options_.min_spawn_wait_shared_weight, run_place_.inside, facts_);
    auto run = runs.begin();
    size_t k = begin;
    while (k < end) {
      while (run != runs.end() && run->begin < k) ++run;
      if (variants && group_ && !in_shared_) {
        auto v = group_->variant_at.find(&stmts[k]);
        if (v != group_->variant_at.end()) {
          k = emit_variant(group_->variants[v->second]);
          continue;
        }
      }
      if (run != runs.end() && run->begin == k && run->end <= end) {
        RunShape shape = shape_of(stmts, *run, info_);
        auto use = shapes_.find(shape.key);
        if (use != shapes_.end() && use->second.occurrences > 1) {
          shared_call(stmts, *run, shape, use->second);
          ++shared_calls_;
          if (run_place_.slow_path) ++slow_path_shared_calls_;
          k = run->end;
          continue;
        }
      }
      stmt(stmts[k++]);
    }
  }

  // A variant of the thread group (ThreadVariant): a switch on its selector with a case per
  // alternative, each written from this member's own unit where that is its form, else from
  // its first holder's (whose sites this member adds but never reports). Every member writes
  // the alternatives in the same order, so their sites line up. Returns the end of the
  // member's own unit.
  size_t emit_variant(const ThreadVariant& v) {
    std::vector<BasicBlock*> cases;
    for (size_t j = 0; j < v.alternatives.size(); ++j) cases.push_back(new_block("variant"));
    BasicBlock* done = new_block("variant.end");
    auto* choose = irb().CreateSwitch(selectors_[v.selector], cases.back(), cases.size() - 1);
    for (size_t j = 0; j + 1 < cases.size(); ++j)
      choose->addCase(irb().getInt32(static_cast<uint32_t>(j)), cases[j]);
    for (size_t j = 0; j < cases.size(); ++j) {
      irb().SetInsertPoint(cases[j]);
      const UnitRef& u = v.choice[member_] == j ? v.own[member_] : v.alternatives[j];
      emit_range(*u.block, u.begin, u.end, false);
      irb().CreateBr(done);
    }
    irb().SetInsertPoint(done);
    return v.own[member_].end;
  }

  void shared_call(const Block& stmts, SharedRun run, const RunShape& shape, const ShapeUse& use) {
    const OutlinedFrame outlined = outlined_frame(stmts, run.begin, run.end);
    const std::vector<std::string>& names = outlined.names;
    std::unordered_map<std::string, size_t> slot_of;
    for (const std::string& n : names) slot_of.emplace(n, slot_of.size());
    // Parameter j is this occurrence's offset from the first occurrence's values at the
    // positions use.parameter maps to j (the same at each of them).
    // In a shared thread function a literal is a value (literal_value), so is the offset.
    size_t parameters = options_.fault == Fault::SharedCodeIgnoresLiterals ? 0 : use.parameters;
    std::vector<Value*> arguments(parameters);
    for (size_t k = 0; k < shape.literals.size() && parameters > 0; ++k)
      if (use.parameter[k] >= 0)
        arguments[use.parameter[k]] =
            irb().CreateSub(literal_value(shape.literals[k]), irb().getInt64(use.first[k]));

    // The function, written from this occurrence; kept if it is the module's first. Code no
    // synchronising loop calls goes to the quick module (see "Rare paths" below).
    size_t first_site = layout_.sites.size();
    ModuleEnv* home = quick_env_ && !use.in_sync_loop ? quick_env_ : env_;
    std::vector<unsigned> widths{64, 32};
    widths.insert(widths.end(), parameters, 64);
    std::string name = (home == quick_env_ ? "racelang_quick_shared." : "racelang_shared.") +
                       std::to_string(home->shared.size());
    auto [f, declared] = outlined_function(*home, name, widths);
    emit_outlined(
        home, f, frame_of(*home, names.size()), outlined,
        [&](const std::string& n) { return slot_of.at(n); },
        [&] {
          in_shared_ = true;
          frame_ = nullptr; // never split
          Parametric run_params;
          run_params.thread_id = f->getArg(2);
          run_params.site_base = f->getArg(3);
          run_params.site_origin = static_cast<uint32_t>(first_site);
          for (size_t k = 0; k < shape.literals.size() && parameters > 0; ++k)
            if (use.parameter[k] >= 0 && !(shape.literals[k].location &&
                                           options_.fault == Fault::SharedCodeReportsFirstLocation))
              run_params.literals[shape.literals[k].node] = {f->getArg(4 + use.parameter[k]),
                                                             use.first[k]};
          // In a shared thread function, the run's own parameters replace the thread's.
          Parametric* thread_params = param_;
          param_ = &run_params;
          for (size_t k = run.begin; k < run.end; ++k) stmt(stmts[k]);
          param_ = thread_params;
          in_shared_ = false;
        });
    size_t sites = layout_.sites.size() - first_site;
    llvm::Function* callee = declared;
    auto [it, first] = home->shared.try_emplace(shape.key, ModuleEnv::SharedFunction{f, sites});
    if (!first) {
      if (it->second.sites != sites)
        throw std::logic_error("jit: occurrences of one shared shape add different sites");
      f->eraseFromParent();
      if (declared != f) declared->eraseFromParent();
      callee = declaration_of(it->second.function, *env_);
    }

    llvm::AllocaInst* frame = call_frame();
    std::vector<Value*> args{ctx_, frame, thread_id_value(),
                             site_value(static_cast<uint32_t>(first_site))};
    args.insert(args.end(), arguments.begin(), arguments.end());
    llvm::ArrayType* frame_type = frame_of(*env_, names.size());
    call_outlined(callee, args, outlined, [&](const std::string& n) -> Value* {
      return irb().CreateConstInBoundsGEP2_64(frame_type, frame, 0, slot_of.at(n));
    });
  }

  // A frame of `slots` locals, in `env`'s context.
  static llvm::ArrayType* frame_of(ModuleEnv& env, size_t slots) {
    return llvm::ArrayType::get(env.i64, std::max<size_t>(slots, 1));
  }

  // A new function `i1 name(ctx, frame, iW...)` for code outlined from the function being
  // written (a shared run, a rare path), in `home`: there it is internal, and it is its own
  // callee; in the quick module (quick_env_) it is a hidden global, and the callee is its
  // declaration in the module being written (the JITDylib links the two). The function only
  // loads and stores the frame's slots: said here, because a caller whose frame may escape
  // keeps in memory every local it passes, and code compiled quickly infers nothing.
  std::pair<llvm::Function*, llvm::Function*>
  outlined_function(ModuleEnv& home, const std::string& name, const std::vector<unsigned>& widths) {
    std::vector<Type*> types{home.ptr, home.ptr};
    for (unsigned w : widths) types.push_back(Type::getIntNTy(home.cx, w));
    bool quick = &home == quick_env_;
    auto* f = llvm::Function::Create(llvm::FunctionType::get(home.i1, types, false),
                                     quick ? llvm::Function::ExternalLinkage
                                           : llvm::Function::InternalLinkage,
                                     name, home.module);
    f->addFnAttr(llvm::Attribute::NoUnwind);
    f->addFnAttr(llvm::Attribute::NoInline);
    f->addParamAttr(1, llvm::Attribute::NoCapture);
    if (!quick) return {f, f};
    f->setVisibility(llvm::GlobalValue::HiddenVisibility);
    return {f, declaration_of(f, *env_)};
  }

  // The declaration of `f`, a function of the quick module, in `env`'s module (`f` itself if
  // that is its module).
  static llvm::Function* declaration_of(llvm::Function* f, ModuleEnv& env) {
    if (llvm::Function* known = env.module.getFunction(f->getName())) return known;
    std::vector<Type*> types;
    for (llvm::Argument& a : f->args())
      types.push_back(a.getType()->isPointerTy()
                          ? static_cast<Type*>(env.ptr)
                          : Type::getIntNTy(env.cx, a.getType()->getIntegerBitWidth()));
    auto* d = llvm::Function::Create(llvm::FunctionType::get(env.i1, types, false),
                                     llvm::Function::ExternalLinkage, f->getName(), env.module);
    d->setVisibility(llvm::GlobalValue::HiddenVisibility);
    d->addFnAttr(llvm::Attribute::NoUnwind);
    d->addParamAttr(1, llvm::Attribute::NoCapture);
    return d;
  }

  // One frame for every call of shared code or of a rare path in the function being written,
  // with a slot for each of its locals (more than any call mentions).
  llvm::AllocaInst* call_frame() {
    if (!shared_frame_) {
      BasicBlock& entry = fn_->getEntryBlock();
      IRBuilder<> at_entry(&entry, entry.begin());
      shared_frame_ = at_entry.CreateAlloca(
          llvm::ArrayType::get(env_->i64, std::max<size_t>(locals_.size(), 1)), nullptr,
          "shared.frame");
    }
    return shared_frame_;
  }

  // A site's number as the code being written passes it to the runtime: a constant, or in a
  // shared function the caller's first site plus its place among the function's sites.
  // The same in a shared thread function, with its first site.
  Value* site_value(uint32_t id) {
    if (!param_) return irb().getInt32(id);
    return irb().CreateAdd(param_->site_base, irb().getInt32(id - param_->site_origin));
  }

  // This thread's id: a constant, or the parameter of shared code.
  Value* thread_id_value() { return param_ ? param_->thread_id : irb().getInt64(id_); }

  // What a lock cell holds while this thread holds it: its id + 1.
  Value* holder_value() {
    if (!param_) return irb().getInt64(id_ + 1);
    return irb().CreateAdd(param_->thread_id, irb().getInt64(1));
  }

  // A literal's value: a constant, or in shared code whose occurrences differ at it, the first
  // occurrence's value plus the caller's offset.
  Value* literal_value(const IntLit& lit) { return literal_value({&lit, lit.value}); }
  Value* literal_value(const ShapeLiteral& lit) {
    if (param_) {
      auto param = param_->literals.find(lit.node);
      if (param != param_->literals.end())
        return irb().CreateAdd(param->second.offset, irb().getInt64(param->second.first));
    }
    return irb().getInt64(lit.value);
  }

  // The frame's type, in the context of the module being written.
  llvm::ArrayType* frame_type() const { return llvm::ArrayType::get(env_->i64, frame_size_); }

  // The frame as this function sees it: the alloca in the thread function, a parameter in a
  // part.
  Value* frame_arg() { return frame_arg_ ? frame_arg_ : frame_; }

  static void max_print_args(const Block& block, size_t& most) {
    for (const Stmt& s : block) {
      if (auto* p = std::get_if<Print>(&s.node)) most = std::max(most, p->args.size());
      if (auto* i = std::get_if<If>(&s.node)) {
        max_print_args(i->then_body, most);
        if (i->else_body) max_print_args(*i->else_body, most);
      }
      if (auto* w = std::get_if<While>(&s.node)) max_print_args(w->body, most);
    }
  }

  BasicBlock* new_block(const char* name) { return BasicBlock::Create(env_->cx, name, fn_); }

  // Branch on `ok`, expecting it to hold; returns the failure block (the builder continues in
  // the success block).
  BasicBlock* branch_unlikely_fail(Value* ok, const char* fail_name) {
    BasicBlock* fail = new_block(fail_name);
    BasicBlock* cont = new_block("cont");
    llvm::MDBuilder md(env_->cx);
    irb().CreateCondBr(ok, cont, fail, md.createBranchWeights(1u << 20, 1));
    irb().SetInsertPoint(cont);
    return fail;
  }

  uint32_t add_site(Site site) {
    site.thread = thread_;
    // Expressions the instrumentation synthesised have no position; their statement carries
    // the position of the instruction it instruments.
    if (site.range.begin.line == 0) site.range = stmt_range_;
    layout_.sites.push_back(std::move(site));
    return static_cast<uint32_t>(layout_.sites.size() - 1);
  }

  // Fails at `site` unless `ok` holds: a cold branch to a block that stores `leading` and the
  // site's locals into the values array and jumps to the function's one call of rl_fail
  // (fail_join), passing its site. A condition the builder folded to true (a literal index
  // inside its array, a division by a nonzero literal) gets no branch at all: the optimiser
  // would only have deleted it. The site is added either way, so that every copy of shared
  // code numbers its sites alike.
  void fail_unless(Value* ok, const char* fail_name, uint32_t site,
                   const std::vector<Value*>& leading) {
    if (auto* c = llvm::dyn_cast<llvm::ConstantInt>(ok); c && c->isOne()) return;
    BasicBlock* fail = branch_unlikely_fail(ok, fail_name);
    IRBuilder<>::InsertPointGuard guard(irb());
    irb().SetInsertPoint(fail);
    uint64_t k = 0;
    auto put = [&](Value* v) {
      if (k >= kValueSlots) return;
      irb().CreateStore(
          v, irb().CreateConstInBoundsGEP2_64(values_->getAllocatedType(), values_, 0, k));
      ++k;
    };
    for (Value* v : leading) put(v);
    for (const std::string& n : layout_.sites[site].locals)
      put(irb().CreateLoad(env_->i64, local(n)));
    llvm::PHINode* join = fail_join(site);
    if (options_.fault == Fault::FailureJoinKeepsFirstSite) site = fail_first_site_;
    join->addIncoming(site_value(site), irb().GetInsertBlock());
    irb().CreateBr(join->getParent());
  }

  // The function's failure block, made at its first use: `rl_fail(ctx, site, values)` with the
  // site a phi of the failing blocks', then the thread leaves. One call per function instead
  // of one per failure: every call costs the optimiser and instruction selection (argument
  // registers, the call sequence), and each failure block was a call of its own
  // (jit/README.md, "Failure paths").
  llvm::PHINode* fail_join(uint32_t site) {
    if (fail_site_) return fail_site_;
    fail_first_site_ = site;
    BasicBlock* join = new_block("fail");
    IRBuilder<> b(join);
    fail_site_ = b.CreatePHI(env_->i32, 4, "fail.site");
    b.CreateCall(env_->fail, {ctx_, fail_site_, values_});
    b.CreateBr(exit_);
    return fail_site_;
  }

  llvm::AllocaInst* local(const std::string& name) { return locals_.at(name); }

  void count(rl_counter which) {
    if (!options_.stats) return;
    Value* c = counters_[which];
    irb().CreateStore(irb().CreateAdd(irb().CreateLoad(env_->i64, c), irb().getInt64(1)), c);
  }

  // --- expressions ---------------------------------------------------------------------------

  Value* expr(const Expr& e) {
    return std::visit(Overloaded{
                          [&](const IntLit& lit) -> Value* { return literal_value(lit); },
                          [&](const LocalRef& r) -> Value* {
                            return irb().CreateLoad(env_->i64, local(r.name), r.name);
                          },
                          [&](const Negate& n) -> Value* {
                            return irb().CreateSub(irb().getInt64(0), expr(*n.operand));
                          },
                          [&](const Binary& bin) -> Value* { return binary(e, bin); },
                      },
                      e.node);
  }

  Value* binary(const Expr& whole, const Binary& bin) {
    Value* a = expr(*bin.lhs);
    Value* b = expr(*bin.rhs);
    BinaryOp op = bin.op;
    if (options_.fault == Fault::SwapMinMax)
      op = op == BinaryOp::Max ? BinaryOp::Min : op == BinaryOp::Min ? BinaryOp::Max : op;
    switch (op) {
    case BinaryOp::Add:
      return irb().CreateAdd(a, b);
    case BinaryOp::Sub:
      return irb().CreateSub(a, b);
    case BinaryOp::Mul:
      return irb().CreateMul(a, b);
    case BinaryOp::Max:
      return irb().CreateSelect(irb().CreateICmpSGT(a, b), a, b);
    case BinaryOp::Min:
      return irb().CreateSelect(irb().CreateICmpSLT(a, b), a, b);
    case BinaryOp::Div:
    case BinaryOp::Mod:
      break;
    }
    Site site;
    site.kind = op == BinaryOp::Div ? SiteKind::DivisionByZero : SiteKind::ModuloByZero;
    site.range = whole.range;
    site.text = print_expr(whole);
    collect_locals(whole, site.locals);
    uint32_t id = add_site(std::move(site));
    fail_unless(irb().CreateICmpNE(b, irb().getInt64(0)), "div.zero", id, {});
    // INT64_MIN / -1 wraps to INT64_MIN and INT64_MIN % -1 is 0 (docs/language.md); dividing by
    // 1 instead keeps sdiv/srem away from their one undefined case.
    Value* minus_one = irb().CreateICmpEQ(b, irb().getInt64(-1));
    Value* safe = irb().CreateSelect(minus_one, irb().getInt64(1), b);
    if (op == BinaryOp::Div)
      return irb().CreateSelect(minus_one, irb().CreateSub(irb().getInt64(0), a),
                                irb().CreateSDiv(a, safe));
    return irb().CreateSelect(minus_one, irb().getInt64(0), irb().CreateSRem(a, safe));
  }

  // An i1.
  Value* cond(const Cond& c) {
    return std::visit(Overloaded{
                          [&](const Compare& cmp) -> Value* {
                            Value* a = expr(cmp.lhs);
                            Value* b = expr(cmp.rhs);
                            switch (cmp.op) {
                            case CompareOp::Le:
                              return irb().CreateICmpSLE(a, b);
                            case CompareOp::Lt:
                              return irb().CreateICmpSLT(a, b);
                            case CompareOp::Ge:
                              return irb().CreateICmpSGE(a, b);
                            case CompareOp::Gt:
                              return irb().CreateICmpSGT(a, b);
                            case CompareOp::Eq:
                              return irb().CreateICmpEQ(a, b);
                            case CompareOp::Ne:
                              return irb().CreateICmpNE(a, b);
                            }
                            return irb().getFalse();
                          },
                          [&](const Not& n) -> Value* { return irb().CreateNot(cond(*n.operand)); },
                          [&](const Logical& l) -> Value* {
                            bool is_and = l.op == LogicOp::And;
                            Value* lhs = cond(*l.lhs);
                            BasicBlock* lhs_end = irb().GetInsertBlock();
                            BasicBlock* rhs_block = new_block(is_and ? "and.rhs" : "or.rhs");
                            BasicBlock* merge = new_block(is_and ? "and.end" : "or.end");
                            if (is_and)
                              irb().CreateCondBr(lhs, rhs_block, merge);
                            else
                              irb().CreateCondBr(lhs, merge, rhs_block);
                            irb().SetInsertPoint(rhs_block);
                            Value* rhs = cond(*l.rhs);
                            BasicBlock* rhs_end = irb().GetInsertBlock();
                            irb().CreateBr(merge);
                            irb().SetInsertPoint(merge);
                            llvm::PHINode* phi = irb().CreatePHI(env_->i1, 2);
                            phi->addIncoming(is_and ? irb().getFalse() : irb().getTrue(), lhs_end);
                            phi->addIncoming(rhs, rhs_end);
                            return phi;
                          },
                      },
                      c.node);
  }

  // --- shared memory ---------------------------------------------------------------------------

  // The cell of a location as an i64 (index evaluated and range-checked).
  Value* cell_of(const Location& loc) {
    const Symbol* sym = info_.find_symbol(loc.name);
    // A location whose first cell is a literal of shared code (a race check's, ShapeLiteral)
    // starts where the caller's does.
    Value* first_cell = literal_value(ShapeLiteral{&loc, sym->first_cell});
    if (!loc.index) return first_cell;
    Value* index = expr(*loc.index);
    int64_t size = sym->array_size.value_or(sym->cell_count);
    Site site;
    site.kind = SiteKind::BadIndex;
    site.range = loc.index->range;
    site.text = print_location(loc);
    collect_locals(*loc.index, site.locals);
    site.array = loc.name;
    site.array_size = size;
    uint32_t id = add_site(std::move(site));
    // Unsigned comparison: negative indices are out of range too.
    fail_unless(irb().CreateICmpULT(index, irb().getInt64(size)), "bad.index", id, {index});
    return irb().CreateAdd(index, first_cell);
  }

  Value* cell_ptr(Value* cell) { return irb().CreateInBoundsGEP(env_->i64, memory_, cell); }

  bool is_reserved(const Location& loc) const { return loc.name.rfind(kReservedPrefix, 0) == 0; }

  // Shared locations are monotonic (README.md, "Code generation"); volatiles are sequentially
  // consistent, as the language defines them.
  llvm::AtomicOrdering ordering_of(const Location& loc) const {
    return info_.find_symbol(loc.name)->kind == SymbolKind::Volatile
               ? llvm::AtomicOrdering::SequentiallyConsistent
               : llvm::AtomicOrdering::Monotonic;
  }

  Value* atomic_load(Value* cell, llvm::AtomicOrdering ordering = llvm::AtomicOrdering::Monotonic) {
    llvm::LoadInst* load = irb().CreateLoad(env_->i64, cell_ptr(cell));
    load->setAtomic(ordering);
    load->setAlignment(llvm::Align(8));
    return load;
  }

  void atomic_store(Value* value, Value* cell, llvm::AtomicOrdering ordering) {
    llvm::StoreInst* store = irb().CreateStore(value, cell_ptr(cell));
    store->setAtomic(ordering);
    store->setAlignment(llvm::Align(8));
  }

  // Leaves the thread unless `ok` (an i32 from the runtime) is nonzero.
  void continue_if(Value* ok) {
    BasicBlock* cont = new_block("cont");
    llvm::MDBuilder md(env_->cx);
    irb().CreateCondBr(irb().CreateICmpNE(ok, irb().getInt32(0)), cont, exit_,
                       md.createBranchWeights(1u << 20, 1));
    irb().SetInsertPoint(cont);
  }

  // --- statements --------------------------------------------------------------------------

  void block(const Block& stmts) {
    size_t limit = options_.max_function_statements;
    if (!frame_ || block_weight(stmts) <= limit) {
      emit_range(stmts, 0, stmts.size());
      return;
    }
    // Too heavy for one function: runs of at most `limit` into parts, in order; a statement
    // heavier than that on its own stays here and has its bodies cut instead.
    size_t k = 0;
    while (k < stmts.size()) {
      if (weight(stmts[k]) > limit) {
        stmt(stmts[k++]);
        continue;
      }
      size_t end = k, total = 0;
      while (end < stmts.size() && total + weight(stmts[end]) <= limit)
        total += weight(stmts[end++]);
      call_part(stmts, k, end);
      k = end;
    }
  }

  void stmt(const Stmt& s) {
    stmt_range_ = s.range;
    // The bodies of an instrumentation-only statement or of a slow path may hold shared runs
    // (program_shapes, place_of_bodies).
    RunPlace saved_place = run_place_;
    if (options_.min_shared_weight > 0 || options_.quick_rare_code)
      run_place_ = place_of_bodies(run_place_, s, facts_);
    stmt_node(s);
    run_place_ = saved_place;
  }

  void stmt_node(const Stmt& s) {
    visit_stmt(s, Overloaded{
                      [&](const Assign& a) { irb().CreateStore(expr(a.value), local(a.local)); },
                      [&](const Load& l) {
                        Value* cell = cell_of(l.loc);
                        irb().CreateStore(atomic_load(cell, ordering_of(l.loc)), local(l.local));
                        count(is_reserved(l.loc) ? rl_counter_reserved_accesses
                                                 : rl_counter_shared_accesses);
                      },
                      [&](const Store& st) {
                        Value* v = expr(st.value);
                        atomic_store(v, cell_of(st.loc), ordering_of(st.loc));
                        count(is_reserved(st.loc) ? rl_counter_reserved_accesses
                                                  : rl_counter_shared_accesses);
                      },
                      [&](const LockStmt& l) { lock(s, l); },
                      [&](const UnlockStmt& u) { unlock(s, u); },
                      [&](const Spawn& sp) { spawn(s, sp); },
                      [&](const Wait& w) { wait(s, w); },
                      [&](const Assert& a) { assertion(s, a); },
                      [&](const If& i) { if_stmt(i, outlines_rare_path(s)); },
                      [&](const While& w) { while_stmt(w); },
                      [&](const Print& p) { print(p); },
                      [&](const Call& c) { unexpanded_call(c); },
                      [&](const Sync& sync) { sync_stmt(s, sync); },
                  });
  }

  void lock(const Stmt& s, const LockStmt& l) {
    Value* cell = cell_of(l.lock);
    Value* at = cell_ptr(cell);
    Site site;
    site.kind = SiteKind::Lock;
    site.range = s.range;
    uint32_t id = add_site(std::move(site));
    // Lock cells hold 0 (free) or t + 1 (held by t), as in the paper; acquire ordering makes
    // the previous holder's critical section visible.
    auto* cas =
        irb().CreateAtomicCmpXchg(at, irb().getInt64(0), holder_value(), llvm::MaybeAlign(8),
                                  llvm::AtomicOrdering::Acquire, llvm::AtomicOrdering::Monotonic);
    Value* got = irb().CreateExtractValue(cas, 1);
    BasicBlock* slow = new_block("lock.slow");
    BasicBlock* done = new_block("lock.done");
    llvm::MDBuilder md(env_->cx);
    irb().CreateCondBr(got, done, slow, md.createBranchWeights(1u << 10, 1));
    irb().SetInsertPoint(slow);
    continue_if(irb().CreateCall(env_->lock_slow, {ctx_, at, site_value(id)}));
    irb().CreateBr(done);
    irb().SetInsertPoint(done);
    count(rl_counter_locks);
  }

  void unlock(const Stmt& s, const UnlockStmt& u) {
    Value* cell = cell_of(u.lock);
    Value* at = cell_ptr(cell);
    llvm::LoadInst* old = irb().CreateLoad(env_->i64, at);
    old->setAtomic(llvm::AtomicOrdering::Monotonic);
    old->setAlignment(llvm::Align(8));
    // The low half is the holder field; only the holder changes it while the lock is held, so
    // this check and the exchange below cannot be separated by another thread's unlock.
    Value* holder = irb().CreateAnd(old, irb().getInt64(0xffffffff));
    Site site;
    site.kind = SiteKind::Unlock;
    site.range = s.range;
    uint32_t id = add_site(std::move(site));
    fail_unless(irb().CreateICmpEQ(holder, holder_value()), "unlock.bad", id, {holder, cell});
    if (options_.fault == Fault::UnlockKeepsLock) return;
    Value* prev = irb().CreateAtomicRMW(llvm::AtomicRMWInst::Xchg, at, irb().getInt64(0),
                                        llvm::MaybeAlign(8), llvm::AtomicOrdering::Release);
    BasicBlock* wake = new_block("unlock.wake");
    BasicBlock* done = new_block("unlock.done");
    llvm::MDBuilder md(env_->cx);
    irb().CreateCondBr(irb().CreateICmpUGT(prev, irb().getInt64(0xffffffff)), wake, done,
                       md.createBranchWeights(1, 1u << 10));
    irb().SetInsertPoint(wake);
    irb().CreateCall(env_->unlock_wake, {ctx_, at});
    irb().CreateBr(done);
    irb().SetInsertPoint(done);
  }

  uint32_t thread_index_of(int64_t id) const {
    const ThreadInfo* t = info_.find_thread(id);
    return static_cast<uint32_t>(t - info_.threads.data());
  }

  void spawn(const Stmt& s, const Spawn& sp) {
    Site site;
    site.kind = SiteKind::Spawn;
    site.range = s.range;
    site.target = thread_index_of(sp.thread);
    uint32_t target = site.target;
    uint32_t id = add_site(std::move(site));
    continue_if(irb().CreateCall(env_->spawn, {ctx_, irb().getInt32(target), irb().getInt32(id)}));
  }

  void wait(const Stmt& s, const Wait& w) {
    if (options_.fault == Fault::WaitDoesNotBlock) return;
    Site site;
    site.kind = SiteKind::Wait;
    site.range = s.range;
    site.target = thread_index_of(w.thread);
    uint32_t target = site.target;
    uint32_t id = add_site(std::move(site));
    continue_if(irb().CreateCall(env_->wait, {ctx_, irb().getInt32(target), irb().getInt32(id)}));
  }

  void assertion(const Stmt& s, const Assert& a) {
    Value* ok = cond(a.cond);
    if (!a.race) {
      Site site;
      site.kind = SiteKind::Assert;
      site.range = s.range;
      site.text = print_cond(a.cond);
      collect_locals(a.cond, site.locals);
      uint32_t id = add_site(std::move(site));
      fail_unless(ok, "assert.fail", id, {});
      return;
    }
    count(rl_counter_checks);
    if (options_.fault == Fault::IgnoreRaceChecks) return;
    const racelang::RaceCheck& rc = *a.race;
    Site site;
    site.kind = SiteKind::RaceCheck;
    site.range = s.range;
    site.access = rc.kind;
    site.previous_access = rc.prev_kind;
    uint32_t id = add_site(std::move(site));
    BasicBlock* failed = branch_unlikely_fail(ok, "check.fail");
    BasicBlock* cont = irb().GetInsertBlock();
    // As the interpreter does when a check fails: the checked cell, the earlier access's
    // metadata cell, the site and earlier-thread expressions, then the site the metadata holds.
    irb().SetInsertPoint(failed);
    Value* cell = cell_of(rc.loc);
    Value* prev_cell = cell_of(rc.prev_site);
    Value* site_expr = expr(rc.site);
    Value* prev_thread = expr(rc.prev_thread);
    Value* prev_site = atomic_load(prev_cell);
    Value* go_on = irb().CreateCall(
        env_->race, {ctx_, site_value(id), cell, site_expr, prev_site, prev_thread});
    llvm::MDBuilder md(env_->cx);
    irb().CreateCondBr(irb().CreateICmpNE(go_on, irb().getInt32(0)), cont, exit_,
                       md.createBranchWeights(1, 1));
    irb().SetInsertPoint(cont);
  }

  // --- synchronisation (docs/language.md, "Volatiles, conditions, barriers") ----------------
  //
  // Operands are evaluated in the interpreter's order (cas: expected, desired, then the cell;
  // fetch_add: the delta, then the cell; wait: the condition's cell, then the lock's), so the
  // first failure is the same on both backends. cas and fetch_add are one seq_cst
  // read-modify-write each; the blocking operations are runtime calls (runtime.h).

  void sync_stmt(const Stmt& s, const Sync& sync) {
    std::visit(
        Overloaded{
            [&](const Cas& c) {
              Value* expected = expr(c.expected);
              Value* desired = expr(c.desired);
              Value* at = cell_ptr(cell_of(c.loc));
              auto* cas = irb().CreateAtomicCmpXchg(at, expected, desired, llvm::MaybeAlign(8),
                                                    llvm::AtomicOrdering::SequentiallyConsistent,
                                                    llvm::AtomicOrdering::SequentiallyConsistent);
              irb().CreateStore(irb().CreateExtractValue(cas, 0), local(c.local));
              count(rl_counter_shared_accesses);
            },
            [&](const FetchAdd& f) {
              Value* delta = expr(f.delta);
              Value* at = cell_ptr(cell_of(f.loc));
              Value* old =
                  irb().CreateAtomicRMW(llvm::AtomicRMWInst::Add, at, delta, llvm::MaybeAlign(8),
                                        llvm::AtomicOrdering::SequentiallyConsistent);
              irb().CreateStore(old, local(f.local));
              count(rl_counter_shared_accesses);
            },
            [&](const CondWait& w) {
              Value* cond = cell_of(w.cond);
              Value* lock = cell_ptr(cell_of(w.mutex));
              Site site;
              site.kind = SiteKind::CondWait;
              site.range = s.range;
              uint32_t id = add_site(std::move(site));
              continue_if(irb().CreateCall(env_->cond_wait, {ctx_, cond, lock, site_value(id)}));
              count(rl_counter_locks);
            },
            [&](const Notify& n) {
              Value* cond = cell_of(n.cond);
              bool all = n.all || options_.fault == Fault::NotifyWakesAll;
              irb().CreateCall(env_->notify, {ctx_, cond, irb().getInt32(all ? 1 : 0)});
            },
            [&](const Await& a) {
              Value* barrier = cell_of(a.barrier);
              Site site;
              site.kind = SiteKind::Await;
              site.range = s.range;
              site.count = info_.find_symbol(a.barrier.name)->barrier_count;
              int64_t count = site.count;
              if (options_.fault == Fault::BarrierReleasesEarly && count > 1) --count;
              uint32_t id = add_site(std::move(site));
              continue_if(irb().CreateCall(env_->await,
                                           {ctx_, barrier, irb().getInt64(count), site_value(id)}));
            },
            [&](const Assume& a) {
              Value* ok = cond(a.cond);
              Site site;
              site.kind = SiteKind::Assume;
              site.range = s.range;
              uint32_t id = add_site(std::move(site));
              BasicBlock* parked = branch_unlikely_fail(ok, "assume.false");
              IRBuilder<>::InsertPointGuard guard(irb());
              irb().SetInsertPoint(parked);
              irb().CreateCall(env_->assume_failed, {ctx_, site_value(id)});
              irb().CreateBr(exit_);
            },
        },
        sync.op);
  }

  // With `rare`, the `then` body is a rare path (below): a call, and a branch weighted
  // against it.
  void if_stmt(const If& i, bool rare = false) {
    Value* c = cond(i.cond);
    BasicBlock* then_block = new_block(rare ? "rare.then" : "if.then");
    BasicBlock* else_block = i.else_body ? new_block("if.else") : nullptr;
    BasicBlock* end = new_block("if.end");
    llvm::BranchInst* branch = irb().CreateCondBr(c, then_block, else_block ? else_block : end);
    if (rare)
      branch->setMetadata(llvm::LLVMContext::MD_prof,
                          llvm::MDBuilder(env_->cx).createBranchWeights(1, 1u << 10));
    irb().SetInsertPoint(then_block);
    if (rare)
      call_rare_function(i.then_body);
    else
      block(i.then_body);
    irb().CreateBr(end);
    if (else_block) {
      irb().SetInsertPoint(else_block);
      block(*i.else_body);
      irb().CreateBr(end);
    }
    irb().SetInsertPoint(end);
  }

  // --- Rare paths (jit/README.md, "Quick code for rare paths") -------------------------------
  //
  // The slow path of an access that no synchronising loop encloses runs at most once per
  // location and epoch, yet it is most of an instrumented thread's code. Its `then` body is
  // compiled as a function of the quick module, `i1 NAME.rareK(ctx, frame, ...)`, which the
  // `if` calls (if_stmt); the fast path (the `else`) stays inline. Locals
  // travel through the frame as for shared runs; in a thread group's function (or shared code)
  // the thread id, first site and literal parameters are passed on, so the function reports
  // the calling member's sites and uses its literals.

  // A slow path lighter than this stays inline: the index guard of an access (`if (__i < 0 ||
  // __i >= n) { the failing access }`) is one statement, and a call would be bigger than it.
  static constexpr size_t kMinRarePathWeight = 4;

  // Whether `s` (with run_place_ already that of its bodies) is such a slow path.
  bool outlines_rare_path(const Stmt& s) {
    if (!options_.quick_rare_code || in_shared_ || in_rare_ || !selectors_.empty()) return false;
    if (!facts_.slow_path(s) || run_place_.in_sync_loop) return false;
    const auto& i = std::get<If>(s.node);
    return block_weight(i.then_body) >= kMinRarePathWeight;
  }

  void call_rare_function(const Block& body) {
    // Only what the slow path may read before assigning it goes in: the FastTrack check's
    // temporaries and the accessed value, which it assigns first, would otherwise be live
    // around the fast path's loop just to be stored into the frame.
    const OutlinedFrame outlined = outlined_frame(body, 0, body.size());
    const std::vector<std::string>& names = outlined.names;
    std::unordered_map<std::string, size_t> slot_of;
    for (const std::string& n : names) slot_of.emplace(n, slot_of.size());
    // What makes this code another thread's or occurrence's: passed on as they are.
    std::vector<Value*> passed;
    bool parametric = param_ && options_.fault != Fault::RarePathsUseFirstMembersLiterals;
    if (parametric) {
      passed.push_back(param_->thread_id);
      passed.push_back(param_->site_base);
      for (const auto& [node, literal] : param_->literals)
        if (std::find(passed.begin(), passed.end(), literal.offset) == passed.end())
          passed.push_back(literal.offset);
    }
    // In the order of the caller's parameters, so that the code is the same on every run.
    std::sort(passed.begin(), passed.end(), [](Value* a, Value* b) {
      return llvm::cast<llvm::Argument>(a)->getArgNo() < llvm::cast<llvm::Argument>(b)->getArgNo();
    });
    std::vector<unsigned> widths;
    for (Value* v : passed) widths.push_back(v->getType()->getIntegerBitWidth());
    auto [f, callee] = outlined_function(
        *quick_env_, name_ + ".rare" + std::to_string(rare_functions_.size()), widths);
    rare_functions_.push_back(f);
    if (callee != f) rare_declarations_.push_back(callee);
    emit_outlined(
        quick_env_, f, frame_of(*quick_env_, names.size()), outlined,
        [&](const std::string& n) { return slot_of.at(n); },
        [&] {
          Parametric inner;
          Parametric* outer = param_;
          param_ = nullptr;
          if (parametric) {
            auto argument_for = [&](Value* v) {
              size_t k = std::find(passed.begin(), passed.end(), v) - passed.begin();
              return f->getArg(2 + k);
            };
            inner.thread_id = argument_for(outer->thread_id);
            inner.site_base = argument_for(outer->site_base);
            inner.site_origin = outer->site_origin;
            for (const auto& [node, literal] : outer->literals)
              inner.literals[node] = {argument_for(literal.offset), literal.first};
            param_ = &inner;
          }
          in_rare_ = true;
          frame_ = nullptr; // never split (emit_outlined restores it)
          block(body);
          in_rare_ = false;
          param_ = outer;
        });
    llvm::AllocaInst* frame = call_frame();
    std::vector<Value*> args{ctx_, frame};
    args.insert(args.end(), passed.begin(), passed.end());
    llvm::ArrayType* frame_type = frame_of(*env_, names.size());
    call_outlined(callee, args, outlined, [&](const std::string& n) -> Value* {
      return irb().CreateConstInBoundsGEP2_64(frame_type, frame, 0, slot_of.at(n));
    });
  }

  void while_stmt(const While& w) {
    BasicBlock* header = new_block("while.cond");
    BasicBlock* body = new_block("while.body");
    BasicBlock* end = new_block("while.end");
    irb().CreateBr(header);
    irb().SetInsertPoint(header);
    irb().CreateCondBr(cond(w.cond), body, end);
    irb().SetInsertPoint(body);
    block(w.body);
    // The back edge checks the run's stop flag, so a thread spinning in a loop leaves when
    // another thread fails or the watchdog ends the run.
    llvm::LoadInst* stop = irb().CreateLoad(env_->i32, stop_, "stopping");
    stop->setAtomic(llvm::AtomicOrdering::Monotonic);
    stop->setAlignment(llvm::Align(4));
    llvm::MDBuilder md(env_->cx);
    llvm::BranchInst* back = irb().CreateCondBr(irb().CreateICmpNE(stop, irb().getInt32(0)), exit_,
                                                header, md.createBranchWeights(1, 1u << 20));
    if (counts_reserved_local(w.cond)) disable_unrolling(back);
    irb().SetInsertPoint(end);
  }

  // A loop whose condition reads a reserved (`__`) local is one the instrumentation wrote: a
  // loop over the entries of a vector clock (instrument.h, the loop form above
  // clock_loop_threshold threads). The host's -O2 partially unrolls such a loop (13 times for
  // 65 entries on the machine docs/performance.md describes), which doubled the code of a
  // many-thread program and a third of its compile time (optimiser and machine code) for no
  // measurable run-time gain: every iteration still checks the stop flag. So those loops are
  // marked not to be unrolled; the program's own loops are optimised as before.
  static bool counts_reserved_local(const Cond& c) {
    std::vector<std::string> names;
    collect_locals(c, names);
    return std::any_of(names.begin(), names.end(),
                       [](const std::string& n) { return n.starts_with(kReservedPrefix); });
  }

  void disable_unrolling(llvm::BranchInst* back_edge) {
    llvm::Metadata* disable =
        llvm::MDNode::get(env_->cx, llvm::MDString::get(env_->cx, "llvm.loop.unroll.disable"));
    llvm::MDNode* loop = llvm::MDNode::getDistinct(env_->cx, {nullptr, disable});
    loop->replaceOperandWith(0, loop);
    back_edge->setMetadata(llvm::LLVMContext::MD_loop, loop);
  }

  void print(const Print& p) {
    for (size_t k = 0; k < p.args.size(); ++k) {
      Value* v = expr(p.args[k]);
      irb().CreateStore(
          v, irb().CreateConstInBoundsGEP2_64(print_args_->getAllocatedType(), print_args_, 0, k));
    }
    irb().CreateCall(env_->print,
                     {ctx_, print_args_, irb().getInt32(static_cast<uint32_t>(p.args.size()))});
  }

  // The module being written to (a part may go into another module than its caller).
  IRBuilder<>& irb() { return env_->builder; }

  ModuleEnv* env_;
  const std::vector<std::unique_ptr<ModuleEnv>>& part_envs_;
  size_t& next_part_env_;
  const ProgramInfo& info_;
  ProgramLayout& layout_;
  const CodegenOptions& options_;
  const ShapeTable& shapes_;
  StatementFacts& facts_; // of the whole program, kept across its threads
  uint32_t thread_;
  int64_t id_;
  llvm::Function* fn_ = nullptr;
  Value* ctx_ = nullptr;
  Value* memory_ = nullptr;
  Value* stop_ = nullptr;
  BasicBlock* exit_ = nullptr;
  SourceRange stmt_range_; // of the statement being compiled
  llvm::AllocaInst* values_ = nullptr;
  llvm::AllocaInst* print_args_ = nullptr;
  llvm::AllocaInst* counters_[rl_counter_count] = {};
  std::unordered_map<std::string, llvm::AllocaInst*> locals_;
  // Large threads: the frame (set only when the thread is split), each local's slot in it, the
  // frame parameter of the part being emitted, the parts so far, the weights seen.
  std::string name_;
  llvm::AllocaInst* frame_ = nullptr;
  size_t frame_size_ = 1;
  Value* frame_arg_ = nullptr;
  std::unordered_map<std::string, size_t> frame_slot_;
  size_t parts_ = 0;
  llvm::AllocaInst* shared_frame_ = nullptr; // the frame of this function's shared calls
  llvm::PHINode* fail_site_ = nullptr;       // the site of this function's failure block
  uint32_t fail_first_site_ = 0;             // the first site joining it (only for a Fault)
  bool in_shared_ = false;                   // writing a shared run (shared_call): no nested ones
  bool in_rare_ = false;                     // writing a rare path's function: no nested ones
  std::vector<llvm::Function*> rare_functions_;    // the rare paths' functions written
  std::vector<llvm::Function*> rare_declarations_; // their declarations, if in the quick module
  ModuleEnv* quick_env_ = nullptr; // the quick module's, or null (CodegenOptions::quick_rare_code)
  RunPlace run_place_;             // where the block being written lies
  size_t shared_calls_ = 0;        // calls of shared runs written
  size_t slow_path_shared_calls_ = 0; // those in slow paths
  // Shared code being written (a run, shared_call, or a thread group's function): its thread
  // id, first site (the parameter, and the number of the first site it stands for) and the
  // literals that differ between occurrences, each the first occurrence's value plus the
  // parameter that holds the caller's offset from it. Null in code of one thread.
  struct SharedLiteral {
    Value* offset;
    int64_t first;
  };
  struct Parametric {
    Value* thread_id = nullptr;
    Value* site_base = nullptr;
    uint32_t site_origin = 0;
    std::unordered_map<const void*, SharedLiteral> literals; // by ShapeLiteral::node
  };
  Parametric* param_ = nullptr;
  // Writing a thread group's function (as its member `member_`): the group, and the selector
  // parameters of its variants.
  const ThreadGroup* group_ = nullptr;
  size_t member_ = 0;
  std::vector<Value*> selectors_;
};

} // namespace

std::string thread_function_name(int64_t id) {
  return "racelang_thread_" + std::to_string(id);
}

size_t program_statements(const ProgramInfo& info) {
  size_t n = 0;
  for (const ThreadInfo& thread : info.threads)
    for_each_stmt(*thread.body, SpawnBodies::Skip, [&](const Stmt&) { ++n; });
  return n;
}

GeneratedModule generate_module(const ProgramInfo& info, const CodegenOptions& options,
                                unsigned pieces) {
  GeneratedModule out;
  std::vector<std::unique_ptr<ModuleEnv>> envs;
  for (unsigned k = 0; k < std::max(pieces, 1u); ++k) {
    ModulePiece& piece = out.pieces.emplace_back();
    piece.context = std::make_unique<llvm::LLVMContext>();
    piece.module = std::make_unique<llvm::Module>("racelang", *piece.context);
    envs.push_back(std::make_unique<ModuleEnv>(*piece.context, *piece.module));
  }
  // Code that runs rarely goes to a module of its own, compiled quickly (jit/README.md, "Quick
  // code for rare paths").
  ModulePiece quick_piece;
  std::unique_ptr<ModuleEnv> quick_env;
  if (options.quick_rare_code) {
    quick_piece.context = std::make_unique<llvm::LLVMContext>();
    quick_piece.module = std::make_unique<llvm::Module>("racelang_quick", *quick_piece.context);
    quick_env = std::make_unique<ModuleEnv>(*quick_piece.context, *quick_piece.module);
  }
  out.layout.info = &info;
  out.layout.cell_count = info.cell_count;
  out.layout.is_lock_cell.assign(info.cell_count, 0);
  for (const Symbol& s : info.symbols)
    if (s.kind == SymbolKind::Lock)
      for (uint32_t c = 0; c < s.cell_count; ++c) out.layout.is_lock_cell[s.first_cell + c] = 1;
  for (const Symbol& s : info.symbols)
    if (s.kind == SymbolKind::Condition || s.kind == SymbolKind::Barrier)
      for (uint32_t c = 0; c < s.cell_count; ++c) out.layout.sync_cells.push_back(s.first_cell + c);
  // Thread functions and parts go into the modules in turn: in order, so the same program
  // always gives the same modules.
  size_t next_part_env = 0;
  StatementFacts facts(info);
  ShapeTable shapes;
  if (options.min_shared_weight > 0)
    shapes = program_shapes(info, options.min_shared_weight, options.min_spawn_wait_shared_weight,
                            facts);
  // Shared thread functions: each member's entry is a call of its group's function, in the
  // module of the group's first member.
  std::vector<ThreadGroup> groups;
  if (options.share_threads)
    groups = thread_groups(info, options.max_function_statements,
                           options.share_threads_whose_checks_differ, facts);
  struct Membership {
    size_t group;
    size_t member;
  };
  std::unordered_map<uint32_t, Membership> member_of;
  for (size_t g = 0; g < groups.size(); ++g)
    for (size_t m = 0; m < groups[g].members.size(); ++m)
      member_of.emplace(groups[g].members[m], Membership{g, m});
  std::vector<llvm::Function*> group_function(groups.size(), nullptr);
  std::vector<size_t> group_sites(groups.size(), 0);
  std::vector<ModuleEnv*> group_env(groups.size(), nullptr);
  for (uint32_t k = 0; k < info.threads.size(); ++k) {
    out.layout.thread_ids.push_back(info.threads[k].id);
    std::string name = thread_function_name(info.threads[k].id);
    out.thread_functions.push_back(name);
    auto member = member_of.find(k);
    if (member == member_of.end()) {
      ThreadCodegen thread(*envs[k % envs.size()], envs, next_part_env, quick_env.get(), info,
                           out.layout, options, shapes, facts, k);
      thread.emit(name);
      out.split_functions += thread.split_functions();
      out.shared_calls += thread.shared_calls();
      out.slow_path_shared_calls += thread.slow_path_shared_calls();
      out.rare_path_functions += thread.rare_functions();
      continue;
    }
    auto [g, m] = member->second;
    const ThreadGroup& group = groups[g];
    if (m == 0) group_env[g] = envs[k % envs.size()].get();
    ModuleEnv& env = *group_env[g];
    // Every member writes the group's code from its own body, adding its own sites to the site
    // table, in the same order; the first member's function is kept, the others' thrown away
    // (as for shared runs), so a failure in the function reports the calling member's site.
    uint32_t first_site = static_cast<uint32_t>(out.layout.sites.size());
    ThreadCodegen thread(env, envs, next_part_env, quick_env.get(), info, out.layout, options,
                         shapes, facts, k);
    llvm::Function* f =
        thread.emit("racelang_threads." + std::to_string(info.threads[group.members[0]].id) +
                        (m == 0 ? "" : ".copy"),
                    &group, m);
    size_t sites = out.layout.sites.size() - first_site;
    if (m == 0) {
      group_function[g] = f;
      group_sites[g] = sites;
      ++out.shared_thread_functions;
      out.shared_calls += thread.shared_calls();
      out.slow_path_shared_calls += thread.slow_path_shared_calls();
      out.rare_path_functions += thread.rare_functions();
    } else {
      if (sites != group_sites[g])
        throw std::logic_error("jit: members of one thread shape add different sites");
      f->eraseFromParent();
      thread.erase_rare_functions();
    }
    // The member's own function: a call of the group's with its id, first site and offsets.
    auto* type = llvm::FunctionType::get(Type::getVoidTy(env.cx), {env.ptr}, false);
    auto* entry = llvm::Function::Create(type, llvm::Function::ExternalLinkage, name, env.module);
    entry->addFnAttr(llvm::Attribute::NoUnwind);
    IRBuilder<> b(BasicBlock::Create(env.cx, "entry", entry));
    std::vector<Value*> args{entry->getArg(0), b.getInt64(info.threads[k].id),
                             b.getInt32(first_site)};
    if (options.fault != Fault::SharedThreadsUseFirstLiterals)
      for (uint64_t offset : group.arguments[m]) args.push_back(b.getInt64(offset));
    // Each member's choice of checked or plain accesses (ThreadVariant).
    size_t chooser = options.fault == Fault::SharedThreadsUseFirstChecks ? 0 : m;
    for (uint32_t choice : group.selections[chooser]) args.push_back(b.getInt32(choice));
    b.CreateCall(group_function[g], args);
    b.CreateRetVoid();
    ++out.shared_threads;
  }
  if (quick_env) {
    out.quick_shared_functions = quick_env->shared.size();
    if (std::any_of(quick_piece.module->begin(), quick_piece.module->end(),
                    [](const llvm::Function& f) { return !f.isDeclaration(); }))
      out.quick = std::move(quick_piece);
  }
  return out;
}

} // namespace racelang::jit
