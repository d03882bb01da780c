//===- HloCollectiveOps.td - collectives and host transfers -*- tablegen -*-===//
//
// The ops that communicate between processes (replicas x partitions) or with
// the host. Their verifiers check the spec's constraints that do not depend
// on the process grid; the CPU lowering runs one process (replica 0,
// partition 0), where a collective over a group of one is the identity and
// one over more processes is an error.
//
//===----------------------------------------------------------------------===//

#ifndef HLO_COLLECTIVE_OPS_TD
#define HLO_COLLECTIVE_OPS_TD

def HLO_ProcessIdTensor : 0DTensorOf<[UI32]>;

def HLO_ReplicaIdOp : HLO_Op<"replica_id", [Pure]> {
  let summary = "the id of the replica running the program";
  let description = [{
    StableHLO `replica_id`; 0 on the CPU target, which runs one replica.

    ```mlir
    %r = hlo.replica_id : tensor<ui32>
    ```
  }];
  let results = (outs HLO_ProcessIdTensor:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

def HLO_PartitionIdOp : HLO_Op<"partition_id", [Pure]> {
  let summary = "the id of the partition running the program";
  let description = [{
    StableHLO `partition_id`; 0 on the CPU target, which runs one partition.

    ```mlir
    %p = hlo.partition_id : tensor<ui32>
    ```
  }];
  let results = (outs HLO_ProcessIdTensor:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

class HLO_CollectiveOp<string mnemonic, list<Trait> traits = []>
    : HLO_Op<mnemonic, traits> {
  let hasVerifier = 1;
}

def HLO_AllGatherOp : HLO_CollectiveOp<"all_gather"> {
  let summary = "concatenates the operands of every process in a group";
  let description = [{
    Within each group of `replica_groups`, concatenates the operands of all
    processes along `all_gather_dim` (StableHLO `all_gather`, (C1)-(C6)).

    ```mlir
    %r = "hlo.all_gather"(%x) {all_gather_dim = 1 : i64,
           replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}
         : (tensor<2x2xf32>) -> tensor<2x4xf32>
    ```
  }];
  let arguments = (ins Variadic<HLO_Tensor>:$operands,
                       I64Attr:$all_gather_dim,
                       I64ElementsAttr:$replica_groups,
                       OptionalAttr<HLO_ChannelHandle>:$channel_handle,
                       UnitAttr:$use_global_device_ids);
  let results = (outs Variadic<HLO_Tensor>);
}

def HLO_AllReduceOp : HLO_CollectiveOp<"all_reduce"> {
  let summary = "reduces the operands of every process in a group";
  let description = [{
    Within each group of `replica_groups`, reduces the operands of all
    processes with `computation` (StableHLO `all_reduce`, (C1)-(C7)).

    ```mlir
    %r = "hlo.all_reduce"(%x) ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %s = hlo.add %a, %b : tensor<f32>
        hlo.return %s : tensor<f32>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}
       : (tensor<4xf32>) -> tensor<4xf32>
    ```
  }];
  let arguments = (ins Variadic<HLO_Tensor>:$operands,
                       I64ElementsAttr:$replica_groups,
                       OptionalAttr<HLO_ChannelHandle>:$channel_handle,
                       UnitAttr:$use_global_device_ids);
  let results = (outs Variadic<HLO_Tensor>);
  let regions = (region SizedRegion<1>:$computation);
}

def HLO_CollectiveReduceOp : HLO_CollectiveOp<"collective_reduce"> {
  let summary = "reduces across a group onto the group's root process";
  let description = [{
    Within each group, reduces the operands of all processes with
    `computation` and gives the result to the group's first process (or,
    with `has_dynamic_root`, to the root the last operand names); the other
    processes get zeros (StableHLO `collective_reduce`, (C1)-(C4)).
  }];
  let arguments = (ins Variadic<HLO_Tensor>:$operands,
                       I64ElementsAttr:$replica_groups,
                       OptionalAttr<HLO_ChannelHandle>:$channel_handle,
                       DefaultValuedAttr<BoolAttr, "false">:$has_dynamic_root);
  let results = (outs Variadic<HLO_Tensor>);
  let regions = (region SizedRegion<1>:$computation);
}

def HLO_ReduceScatterOp : HLO_CollectiveOp<"reduce_scatter"> {
  let summary = "reduces across a group, then scatters the parts";
  let description = [{
    Within each group, reduces the operands of all processes with
    `computation`, splits the result along `scatter_dimension` into one part
    per process and gives each process its part (StableHLO
    `reduce_scatter`, (C1)-(C9)).
  }];
  let arguments = (ins HLO_Tensor:$operand,
                       I64Attr:$scatter_dimension,
                       I64ElementsAttr:$replica_groups,
                       OptionalAttr<HLO_ChannelHandle>:$channel_handle,
                       UnitAttr:$use_global_device_ids);
  let results = (outs HLO_Tensor:$result);
  let regions = (region SizedRegion<1>:$computation);
}

def HLO_AllToAllOp : HLO_CollectiveOp<"all_to_all"> {
  let summary = "splits, exchanges and concatenates parts across a group";
  let description = [{
    Splits each operand along `split_dimension` into `split_count` parts,
    sends part i to the i-th process of the group and concatenates what it
    receives along `concat_dimension` (StableHLO `all_to_all`, (C1)-(C9)).
  }];
  let arguments = (ins Variadic<HLO_Tensor>:$operands,
                       I64Attr:$split_dimension,
                       I64Attr:$concat_dimension,
                       I64Attr:$split_count,
                       I64ElementsAttr:$replica_groups,
                       OptionalAttr<HLO_ChannelHandle>:$channel_handle);
  let results = (outs Variadic<HLO_Tensor>);
}

def HLO_CollectivePermuteOp : HLO_CollectiveOp<"collective_permute"> {
  let summary = "sends the operand from each source to its target process";
  let description = [{
    Each pair `[source, target]` of `source_target_pairs` sends the
    source's operand to the target; a process that no pair targets gets
    zeros (StableHLO `collective_permute`, (C1)-(C5)).
  }];
  let arguments = (ins HLO_Tensor:$operand,
                       I64ElementsAttr:$source_target_pairs,
                       OptionalAttr<HLO_ChannelHandle>:$channel_handle);
  let results = (outs HLO_Tensor:$result);
}

def HLO_CollectiveBroadcastOp : HLO_CollectiveOp<"collective_broadcast"> {
  let summary = "sends the root process's operands to its whole group";
  let description = [{
    Within each group, every process gets the operands of the group's first
    process (or, with `has_dynamic_root`, of the group member that the last
    operand names for each result); processes outside every group get zeros
    (StableHLO `collective_broadcast`, (C1)-(C6)).

    ```mlir
    %r = "hlo.collective_broadcast"(%x) {
           replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}
         : (tensor<2xf32>) -> tensor<2xf32>
    ```
  }];
  let arguments = (ins Variadic<HLO_Tensor>:$operands,
                       I64ElementsAttr:$replica_groups,
                       OptionalAttr<HLO_ChannelHandle>:$channel_handle,
                       DefaultValuedAttr<BoolAttr, "false">:$has_dynamic_root);
  let results = (outs Variadic<HLO_Tensor>);
}

def HLO_InfeedOp : HLO_CollectiveOp<"infeed"> {
  let summary = "reads values from the host's infeed queue";
  let description = [{
    StableHLO `infeed`, (C1)-(C3): the results are tensors followed by a
    token. The CPU target has no host queues; lowering reports it.
  }];
  let arguments = (ins HLO_Token:$token,
                       DefaultValuedStrAttr<StrAttr, "">:$infeed_config,
                       OptionalAttr<ArrayAttr>:$layout);
  let results = (outs Variadic<HLO_TensorOrToken>:$results);
}

def HLO_OutfeedOp : HLO_Op<"outfeed"> {
  let summary = "writes values to the host's outfeed queue";
  let description = [{
    StableHLO `outfeed`. The CPU target has no host queues; lowering
    reports it.
  }];
  let arguments = (ins Variadic<HLO_Tensor>:$inputs, HLO_Token:$token,
                       DefaultValuedStrAttr<StrAttr, "">:$outfeed_config);
  let results = (outs HLO_Token:$result);
}

def HLO_SendOp : HLO_CollectiveOp<"send"> {
  let summary = "sends values to another process or to the host";
  let description = [{
    StableHLO `send`, (C1)-(C5): `is_host_transfer` requires a
    device-to-host channel (type 2), otherwise device to device (type 1).
  }];
  let arguments = (ins Variadic<HLO_Tensor>:$inputs, HLO_Token:$token,
                       OptionalAttr<HLO_ChannelHandle>:$channel_handle,
                       DefaultValuedAttr<BoolAttr, "false">:$is_host_transfer,
                       OptionalAttr<I64ElementsAttr>:$source_target_pairs);
  let results = (outs HLO_Token:$result);
}

def HLO_RecvOp : HLO_CollectiveOp<"recv"> {
  let summary = "receives values from another process or from the host";
  let description = [{
    StableHLO `recv`, (C1)-(C5): the results are tensors followed by a
    token; `is_host_transfer` requires a host-to-device channel (type 3),
    otherwise device to device (type 1).
  }];
  let arguments = (ins HLO_Token:$token,
                       OptionalAttr<HLO_ChannelHandle>:$channel_handle,
                       DefaultValuedAttr<BoolAttr, "false">:$is_host_transfer,
                       OptionalAttr<I64ElementsAttr>:$source_target_pairs);
  let results = (outs Variadic<HLO_TensorOrToken>:$results);
}

//===----------------------------------------------------------------------===//
// Asynchronous operations
//===----------------------------------------------------------------------===//

def HLO_AsyncStartOp : HLO_Op<"async_start", [RecursiveMemoryEffects]> {
  let summary = "starts a collective or a slice asynchronously";
  let description = [{
    Starts the one operation of `body` (a collective: `all_reduce`,
    `all_gather`, `all_to_all`, `collective_permute`, `reduce_scatter`,
    `collective_broadcast`; or a slice: `slice`, `dynamic_slice`,
    `dynamic_update_slice`) on `operands` and returns a future of its
    results, which `hlo.async_done` waits for (StableHLO `async_start`,
    (C1)-(C4)). The body uses the operands directly, as values defined
    above, and returns the operation's results. Asynchrony is not
    guaranteed: the CPU target runs the operation synchronously.

    ```mlir
    %f = "hlo.async_start"(%x) ({
      %g = "hlo.all_gather"(%x) {all_gather_dim = 1 : i64,
             replica_groups = dense<[[0]]> : tensor<1x1xi64>}
           : (tensor<8x2xf32>) -> tensor<8x2xf32>
      "hlo.return"(%g) : (tensor<8x2xf32>) -> ()
    }) : (tensor<8x2xf32>) -> !hlo.future<tensor<8x2xf32>>
    ```
  }];
  let arguments = (ins Variadic<HLO_Tensor>:$operands);
  let results = (outs HLO_Future:$result);
  let regions = (region SizedRegion<1>:$body);
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    /// The operation of the body (null when the body is malformed).
    ::mlir::Operation *getAsyncOp();
  }];
}

def HLO_AsyncDoneOp : HLO_Op<"async_done"> {
  let summary = "waits for an asynchronous operation and returns its results";
  let description = [{
    Waits for the operation started by `hlo.async_start` and returns its
    results: a `future<T...>` gives values of types `T...` (StableHLO
    `async_done`, (C1)).

    ```mlir
    %r = "hlo.async_done"(%f) : (!hlo.future<tensor<8x2xf32>>) -> tensor<8x2xf32>
    ```
  }];
  let arguments = (ins HLO_Future:$operand);
  let results = (outs Variadic<HLO_Tensor>:$results);
  let hasVerifier = 1;
}

#endif // HLO_COLLECTIVE_OPS_TD
