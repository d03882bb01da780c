//===- VulkanRuntime.cpp - Vulkan runtime of compiled programs ------------===//
//
// See VulkanRuntime.h for the contract. The Vulkan loader is opened with
// dlopen and every entry point resolved through vkGetInstanceProcAddr;
// vulkan.h is used for types only (VK_NO_PROTOTYPES).
//
// All state lives in one leaked `Runtime` object: program objects unload
// their modules from global destructors, after this library's static
// destructors ran.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Runtime/VulkanRuntime.h"

#define VK_NO_PROTOTYPES
#include <vulkan/vulkan.h>

#include <dlfcn.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace {

#define HLO_VK_INSTANCE_FUNCTIONS(X)                                           \
  X(vkDestroyInstance)                                                         \
  X(vkEnumeratePhysicalDevices)                                                \
  X(vkGetPhysicalDeviceProperties)                                             \
  X(vkGetPhysicalDeviceProperties2)                                            \
  X(vkGetPhysicalDeviceFeatures2)                                              \
  X(vkGetPhysicalDeviceQueueFamilyProperties)                                  \
  X(vkGetPhysicalDeviceMemoryProperties)                                       \
  X(vkCreateDevice)                                                            \
  X(vkGetDeviceProcAddr)

#define HLO_VK_DEVICE_FUNCTIONS(X)                                             \
  X(vkGetDeviceQueue)                                                          \
  X(vkCreateBuffer)                                                            \
  X(vkDestroyBuffer)                                                           \
  X(vkGetBufferMemoryRequirements)                                             \
  X(vkAllocateMemory)                                                          \
  X(vkFreeMemory)                                                              \
  X(vkBindBufferMemory)                                                        \
  X(vkMapMemory)                                                               \
  X(vkCreateShaderModule)                                                      \
  X(vkDestroyShaderModule)                                                     \
  X(vkCreateDescriptorSetLayout)                                               \
  X(vkCreatePipelineLayout)                                                    \
  X(vkCreateComputePipelines)                                                  \
  X(vkCreateDescriptorPool)                                                    \
  X(vkResetDescriptorPool)                                                     \
  X(vkAllocateDescriptorSets)                                                  \
  X(vkUpdateDescriptorSets)                                                    \
  X(vkCreateCommandPool)                                                       \
  X(vkAllocateCommandBuffers)                                                  \
  X(vkResetCommandBuffer)                                                      \
  X(vkBeginCommandBuffer)                                                      \
  X(vkEndCommandBuffer)                                                        \
  X(vkCmdBindPipeline)                                                         \
  X(vkCmdBindDescriptorSets)                                                   \
  X(vkCmdDispatch)                                                             \
  X(vkCmdPushConstants)                                                        \
  X(vkCmdResetQueryPool)                                                       \
  X(vkCmdWriteTimestamp)                                                       \
  X(vkCreateQueryPool)                                                         \
  X(vkGetQueryPoolResults)                                                     \
  X(vkCreateFence)                                                             \
  X(vkResetFences)                                                             \
  X(vkWaitForFences)                                                           \
  X(vkQueueSubmit)                                                             \
  X(vkDeviceWaitIdle)

struct Api {
  PFN_vkGetInstanceProcAddr vkGetInstanceProcAddr = nullptr;
  PFN_vkCreateInstance vkCreateInstance = nullptr;
#define HLO_DECLARE(name) PFN_##name name = nullptr;
  HLO_VK_INSTANCE_FUNCTIONS(HLO_DECLARE)
  HLO_VK_DEVICE_FUNCTIONS(HLO_DECLARE)
#undef HLO_DECLARE
};

struct Buffer {
  VkBuffer buffer = VK_NULL_HANDLE;
  VkDeviceMemory memory = VK_NULL_HANDLE;
  size_t size = 0;
};

struct Module;

/// A scalar kernel argument passed as a push constant: `bytes` bytes of the
/// value the host passes (the low ones of a 64-bit host index that is 32
/// bits on the device) go to `offset` in the kernel's push-constant block.
struct PushConstant {
  uint32_t argument = 0;
  uint32_t offset = 0;
  uint32_t bytes = 0;
};

/// How a kernel takes its arguments (hlo-vulkan-serialize-kernels' table):
/// the push constants; every other argument is a storage buffer bound at
/// its index.
struct KernelArguments {
  uint32_t count = 0;
  std::vector<PushConstant> pushConstants;
};

struct Function {
  Module *module = nullptr;
  std::string name;
  /// From the module's table; without one, every argument is a buffer.
  std::optional<KernelArguments> arguments;
  size_t bindings = 0;
  VkDescriptorSetLayout setLayout = VK_NULL_HANDLE;
  VkPipelineLayout layout = VK_NULL_HANDLE;
  VkPipeline pipeline = VK_NULL_HANDLE;
  VkDescriptorPool pool = VK_NULL_HANDLE;
};

struct Module {
  VkShaderModule shader = VK_NULL_HANDLE;
  std::map<std::string, KernelArguments> arguments;
  std::map<std::string, std::unique_ptr<Function>> functions;
};

struct KernelTime {
  double ms = 0;
  long count = 0;
};

std::string resultName(VkResult result) {
  switch (result) {
  case VK_ERROR_OUT_OF_HOST_MEMORY:
    return "VK_ERROR_OUT_OF_HOST_MEMORY";
  case VK_ERROR_OUT_OF_DEVICE_MEMORY:
    return "VK_ERROR_OUT_OF_DEVICE_MEMORY";
  case VK_ERROR_INITIALIZATION_FAILED:
    return "VK_ERROR_INITIALIZATION_FAILED";
  case VK_ERROR_DEVICE_LOST:
    return "VK_ERROR_DEVICE_LOST";
  case VK_ERROR_INCOMPATIBLE_DRIVER:
    return "VK_ERROR_INCOMPATIBLE_DRIVER";
  case VK_ERROR_FEATURE_NOT_PRESENT:
    return "VK_ERROR_FEATURE_NOT_PRESENT";
  case VK_ERROR_INVALID_SHADER_NV:
    return "VK_ERROR_INVALID_SHADER_NV";
  default:
    return "VkResult " + std::to_string(static_cast<int>(result));
  }
}

class Runtime {
public:
  Api api;
  std::mutex mutex;

  /// Opens the loader and creates the instance; false with `reason` when
  /// there is no loader or no instance.
  bool openInstance(std::string &reason) {
    if (instance)
      return true;
    if (!instanceError.empty()) {
      reason = instanceError;
      return false;
    }
    instanceError = createInstance();
    reason = instanceError;
    return instanceError.empty();
  }

  /// Whether the device is ready, creating it on first use.
  bool available(std::string &reason) {
    if (device)
      return true;
    if (!deviceError.empty()) {
      reason = deviceError;
      return false;
    }
    if (!openInstance(reason)) {
      deviceError = reason;
      return false;
    }
    deviceError = createDevice();
    reason = deviceError;
    return deviceError.empty();
  }

  /// Ready to work; otherwise records why as the error.
  bool enter() {
    std::string reason;
    if (available(reason))
      return true;
    setError("no Vulkan device: " + reason);
    return false;
  }

  bool check(VkResult result, const char *what) {
    if (result == VK_SUCCESS)
      return true;
    setError(std::string(what) + " failed: " + resultName(result));
    return false;
  }

  void setError(std::string message) {
    if (error.empty())
      error = std::move(message);
  }

  std::string takeError() {
    std::string taken;
    taken.swap(error);
    return taken;
  }

  std::vector<VkPhysicalDevice> physicalDevices() {
    uint32_t count = 0;
    if (api.vkEnumeratePhysicalDevices(instance, &count, nullptr) !=
        VK_SUCCESS)
      return {};
    std::vector<VkPhysicalDevice> devices(count);
    if (api.vkEnumeratePhysicalDevices(instance, &count, devices.data()) !=
        VK_SUCCESS)
      return {};
    devices.resize(count);
    return devices;
  }

  void queryLimits(VkPhysicalDevice physical, HloVulkanLimits &limits) {
    VkPhysicalDeviceSubgroupProperties subgroup{};
    subgroup.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES;
    VkPhysicalDeviceProperties2 properties{};
    properties.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2;
    properties.pNext = &subgroup;
    api.vkGetPhysicalDeviceProperties2(physical, &properties);
    const VkPhysicalDeviceLimits &l = properties.properties.limits;
    limits.subgroupSize = subgroup.subgroupSize;
    limits.maxSharedMemoryBytes = l.maxComputeSharedMemorySize;
    limits.maxWorkgroupInvocations = l.maxComputeWorkGroupInvocations;
    for (int i = 0; i < 3; ++i)
      limits.maxWorkgroupSize[i] = l.maxComputeWorkGroupSize[i];

    VkPhysicalDevice16BitStorageFeatures storage16{};
    storage16.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_16BIT_STORAGE_FEATURES;
    VkPhysicalDevice8BitStorageFeatures storage8{};
    storage8.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_8BIT_STORAGE_FEATURES;
    storage8.pNext = &storage16;
    VkPhysicalDeviceShaderFloat16Int8Features float16Int8{};
    float16Int8.sType =
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_FLOAT16_INT8_FEATURES;
    float16Int8.pNext = &storage8;
    VkPhysicalDeviceFeatures2 features{};
    features.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2;
    features.pNext = &float16Int8;
    api.vkGetPhysicalDeviceFeatures2(physical, &features);
    limits.float64 = features.features.shaderFloat64;
    limits.int64 = features.features.shaderInt64;
    limits.int16 = features.features.shaderInt16;
    limits.float16 = float16Int8.shaderFloat16;
    limits.int8 = float16Int8.shaderInt8;
    limits.storage16 = storage16.storageBuffer16BitAccess;
    limits.storage8 = storage8.storageBuffer8BitAccess;
  }

  int selectedIndex() {
    if (requestedDevice >= 0)
      return requestedDevice;
    if (const char *env = std::getenv("HLO_VULKAN_DEVICE"); env && *env)
      return std::atoi(env);
    return 0;
  }

  VkInstance instance = VK_NULL_HANDLE;
  VkPhysicalDevice physical = VK_NULL_HANDLE;
  VkDevice device = VK_NULL_HANDLE;
  VkQueue queue = VK_NULL_HANDLE;
  VkCommandPool commandPool = VK_NULL_HANDLE;
  VkCommandBuffer commands = VK_NULL_HANDLE;
  VkFence fence = VK_NULL_HANDLE;
  VkQueryPool queries = VK_NULL_HANDLE;
  uint32_t memoryType = 0;
  uint32_t queueFamily = 0;
  float timestampPeriod = 1;
  bool timestamps = false;
  HloVulkanLimits limits{};
  std::string deviceName;
  int requestedDevice = -1;

  std::map<uintptr_t, Buffer> buffers; // by mapped address
  bool profiling = false;
  std::map<std::string, KernelTime> kernelTimes;

  /// The buffer holding `pointer` and its offset, or null.
  Buffer *findBuffer(const void *pointer, size_t &offset) {
    auto address = reinterpret_cast<uintptr_t>(pointer);
    auto it = buffers.upper_bound(address);
    if (it == buffers.begin())
      return nullptr;
    --it;
    if (address >= it->first + std::max<size_t>(it->second.size, 1))
      return nullptr;
    offset = address - it->first;
    return &it->second;
  }

  void *allocate(size_t bytes) {
    // Storage buffers hold at least one word; sizes are rounded to words.
    size_t size = std::max<size_t>((bytes + 15) / 16 * 16, 16);
    Buffer buffer;
    buffer.size = bytes;
    VkBufferCreateInfo info{};
    info.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO;
    info.size = size;
    info.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
                 VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                 VK_BUFFER_USAGE_TRANSFER_DST_BIT;
    info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
    if (!check(api.vkCreateBuffer(device, &info, nullptr, &buffer.buffer),
               "vkCreateBuffer"))
      return nullptr;
    VkMemoryRequirements requirements;
    api.vkGetBufferMemoryRequirements(device, buffer.buffer, &requirements);
    VkMemoryAllocateInfo alloc{};
    alloc.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO;
    alloc.allocationSize = requirements.size;
    alloc.memoryTypeIndex = memoryType;
    if (!(requirements.memoryTypeBits & (1u << memoryType))) {
      api.vkDestroyBuffer(device, buffer.buffer, nullptr);
      setError("no host-visible memory type for storage buffers");
      return nullptr;
    }
    if (!check(api.vkAllocateMemory(device, &alloc, nullptr, &buffer.memory),
               "vkAllocateMemory")) {
      api.vkDestroyBuffer(device, buffer.buffer, nullptr);
      return nullptr;
    }
    void *mapped = nullptr;
    if (!check(api.vkBindBufferMemory(device, buffer.buffer, buffer.memory, 0),
               "vkBindBufferMemory") ||
        !check(api.vkMapMemory(device, buffer.memory, 0, VK_WHOLE_SIZE, 0,
                               &mapped),
               "vkMapMemory")) {
      api.vkDestroyBuffer(device, buffer.buffer, nullptr);
      api.vkFreeMemory(device, buffer.memory, nullptr);
      return nullptr;
    }
    std::memset(mapped, 0, size);
    buffers[reinterpret_cast<uintptr_t>(mapped)] = buffer;
    return mapped;
  }

  void release(void *pointer) {
    auto it = buffers.find(reinterpret_cast<uintptr_t>(pointer));
    if (it == buffers.end()) {
      setError("freeing memory that is not a Vulkan buffer");
      return;
    }
    api.vkDestroyBuffer(device, it->second.buffer, nullptr);
    api.vkFreeMemory(device, it->second.memory, nullptr); // unmaps
    buffers.erase(it);
  }

  /// The compute pipeline of `function`, launched with `arguments`
  /// arguments: storage buffers at their indices, but for the push
  /// constants (`pushBytes` of them).
  bool preparePipeline(Function &function, size_t arguments,
                       const std::vector<uint32_t> &bufferArguments,
                       uint32_t pushBytes) {
    if (function.pipeline) {
      if (function.bindings == arguments)
        return true;
      setError("kernel '" + function.name + "' launched with " +
               std::to_string(arguments) + " arguments, earlier with " +
               std::to_string(function.bindings));
      return false;
    }
    function.bindings = arguments;
    size_t bindings = bufferArguments.size();
    std::vector<VkDescriptorSetLayoutBinding> slots(bindings);
    for (size_t i = 0; i < bindings; ++i) {
      slots[i] = {};
      slots[i].binding = bufferArguments[i];
      slots[i].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
      slots[i].descriptorCount = 1;
      slots[i].stageFlags = VK_SHADER_STAGE_COMPUTE_BIT;
    }
    VkDescriptorSetLayoutCreateInfo setInfo{};
    setInfo.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO;
    setInfo.bindingCount = static_cast<uint32_t>(bindings);
    setInfo.pBindings = slots.data();
    if (!check(api.vkCreateDescriptorSetLayout(device, &setInfo, nullptr,
                                               &function.setLayout),
               "vkCreateDescriptorSetLayout"))
      return false;
    VkPushConstantRange pushRange{VK_SHADER_STAGE_COMPUTE_BIT, 0, pushBytes};
    VkPipelineLayoutCreateInfo layoutInfo{};
    layoutInfo.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO;
    layoutInfo.setLayoutCount = 1;
    layoutInfo.pSetLayouts = &function.setLayout;
    if (pushBytes) {
      layoutInfo.pushConstantRangeCount = 1;
      layoutInfo.pPushConstantRanges = &pushRange;
    }
    if (!check(api.vkCreatePipelineLayout(device, &layoutInfo, nullptr,
                                          &function.layout),
               "vkCreatePipelineLayout"))
      return false;
    VkComputePipelineCreateInfo pipelineInfo{};
    pipelineInfo.sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO;
    pipelineInfo.stage.sType =
        VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
    pipelineInfo.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
    pipelineInfo.stage.module = function.module->shader;
    pipelineInfo.stage.pName = function.name.c_str();
    pipelineInfo.layout = function.layout;
    if (!check(api.vkCreateComputePipelines(device, VK_NULL_HANDLE, 1,
                                            &pipelineInfo, nullptr,
                                            &function.pipeline),
               ("creating the pipeline of kernel '" + function.name + "'")
                   .c_str()))
      return false;
    VkDescriptorPoolSize poolSize{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                  static_cast<uint32_t>(
                                      std::max<size_t>(bindings, 1))};
    VkDescriptorPoolCreateInfo poolInfo{};
    poolInfo.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO;
    poolInfo.maxSets = 1;
    poolInfo.poolSizeCount = 1;
    poolInfo.pPoolSizes = &poolSize;
    return check(api.vkCreateDescriptorPool(device, &poolInfo, nullptr,
                                            &function.pool),
                 "vkCreateDescriptorPool");
  }

  void launch(Function &function, const intptr_t grid[3], void **params,
              size_t count) {
    // Which arguments are push constants, and their bytes.
    std::vector<const PushConstant *> pushConstantOf(count, nullptr);
    std::vector<uint8_t> pushData;
    if (function.arguments) {
      if (function.arguments->count != count) {
        setError("kernel '" + function.name + "' launched with " +
                 std::to_string(count) + " arguments, compiled for " +
                 std::to_string(function.arguments->count));
        return;
      }
      for (const PushConstant &constant : function.arguments->pushConstants) {
        pushConstantOf[constant.argument] = &constant;
        pushData.resize(std::max<size_t>(pushData.size(),
                                         constant.offset + constant.bytes));
        std::memcpy(pushData.data() + constant.offset, params[constant.argument],
                    constant.bytes);
      }
      pushData.resize((pushData.size() + 3) / 4 * 4);
    }
    std::vector<uint32_t> bufferArguments;
    std::vector<VkDescriptorBufferInfo> infos;
    for (size_t i = 0; i < count; ++i) {
      if (pushConstantOf[i])
        continue;
      void *pointer = *static_cast<void **>(params[i]);
      size_t offset = 0;
      Buffer *buffer = findBuffer(pointer, offset);
      if (!buffer) {
        setError("argument #" + std::to_string(i) + " of kernel '" +
                 function.name + "' is not a Vulkan buffer");
        return;
      }
      VkDescriptorBufferInfo info{};
      info.buffer = buffer->buffer;
      info.offset = offset;
      info.range = VK_WHOLE_SIZE;
      infos.push_back(info);
      bufferArguments.push_back(static_cast<uint32_t>(i));
    }
    if (!preparePipeline(function, count, bufferArguments,
                         static_cast<uint32_t>(pushData.size())))
      return;
    api.vkResetDescriptorPool(device, function.pool, 0);
    VkDescriptorSet set = VK_NULL_HANDLE;
    VkDescriptorSetAllocateInfo setInfo{};
    setInfo.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO;
    setInfo.descriptorPool = function.pool;
    setInfo.descriptorSetCount = 1;
    setInfo.pSetLayouts = &function.setLayout;
    if (!check(api.vkAllocateDescriptorSets(device, &setInfo, &set),
               "vkAllocateDescriptorSets"))
      return;
    std::vector<VkWriteDescriptorSet> writes(infos.size());
    for (size_t i = 0; i < infos.size(); ++i) {
      writes[i] = {};
      writes[i].sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET;
      writes[i].dstSet = set;
      writes[i].dstBinding = bufferArguments[i];
      writes[i].descriptorCount = 1;
      writes[i].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
      writes[i].pBufferInfo = &infos[i];
    }
    api.vkUpdateDescriptorSets(device, static_cast<uint32_t>(writes.size()),
                               writes.data(), 0, nullptr);

    bool timed = profiling && timestamps;
    VkCommandBufferBeginInfo begin{};
    begin.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO;
    begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
    if (!check(api.vkResetCommandBuffer(commands, 0), "vkResetCommandBuffer") ||
        !check(api.vkBeginCommandBuffer(commands, &begin),
               "vkBeginCommandBuffer"))
      return;
    if (timed) {
      api.vkCmdResetQueryPool(commands, queries, 0, 2);
      api.vkCmdWriteTimestamp(commands, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT,
                              queries, 0);
    }
    api.vkCmdBindPipeline(commands, VK_PIPELINE_BIND_POINT_COMPUTE,
                          function.pipeline);
    api.vkCmdBindDescriptorSets(commands, VK_PIPELINE_BIND_POINT_COMPUTE,
                                function.layout, 0, 1, &set, 0, nullptr);
    if (!pushData.empty())
      api.vkCmdPushConstants(commands, function.layout,
                             VK_SHADER_STAGE_COMPUTE_BIT, 0,
                             static_cast<uint32_t>(pushData.size()),
                             pushData.data());
    api.vkCmdDispatch(commands, static_cast<uint32_t>(grid[0]),
                      static_cast<uint32_t>(grid[1]),
                      static_cast<uint32_t>(grid[2]));
    if (timed)
      api.vkCmdWriteTimestamp(commands, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT,
                              queries, 1);
    if (!check(api.vkEndCommandBuffer(commands), "vkEndCommandBuffer"))
      return;
    VkSubmitInfo submit{};
    submit.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO;
    submit.commandBufferCount = 1;
    submit.pCommandBuffers = &commands;
    if (!check(api.vkResetFences(device, 1, &fence), "vkResetFences") ||
        !check(api.vkQueueSubmit(queue, 1, &submit, fence), "vkQueueSubmit") ||
        !check(api.vkWaitForFences(device, 1, &fence, VK_TRUE, UINT64_MAX),
               ("running kernel '" + function.name + "'").c_str()))
      return;
    if (timed) {
      uint64_t stamps[2] = {0, 0};
      if (check(api.vkGetQueryPoolResults(
                    device, queries, 0, 2, sizeof(stamps), stamps,
                    sizeof(uint64_t),
                    VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT),
                "vkGetQueryPoolResults")) {
        KernelTime &time = kernelTimes[function.name];
        time.ms += static_cast<double>(stamps[1] - stamps[0]) *
                   timestampPeriod * 1e-6;
        ++time.count;
      }
    }
  }

private:
  std::string error, instanceError, deviceError;

  std::string createInstance() {
    void *loader = dlopen("libvulkan.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!loader)
      loader = dlopen("libvulkan.so", RTLD_NOW | RTLD_LOCAL);
    if (!loader)
      return "cannot load the Vulkan loader (libvulkan.so.1)";
    api.vkGetInstanceProcAddr = reinterpret_cast<PFN_vkGetInstanceProcAddr>(
        dlsym(loader, "vkGetInstanceProcAddr"));
    if (!api.vkGetInstanceProcAddr)
      return "the Vulkan loader lacks vkGetInstanceProcAddr";
    api.vkCreateInstance = reinterpret_cast<PFN_vkCreateInstance>(
        api.vkGetInstanceProcAddr(nullptr, "vkCreateInstance"));
    if (!api.vkCreateInstance)
      return "the Vulkan loader lacks vkCreateInstance";
    VkApplicationInfo app{};
    app.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO;
    app.pApplicationName = "hlo";
    app.apiVersion = VK_API_VERSION_1_2;
    VkInstanceCreateInfo info{};
    info.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO;
    info.pApplicationInfo = &app;
#ifndef NDEBUG
    // Validation layers in debug builds, when installed.
    static const char *layers[] = {"VK_LAYER_KHRONOS_validation"};
    if (std::getenv("HLO_VULKAN_VALIDATION")) {
      info.enabledLayerCount = 1;
      info.ppEnabledLayerNames = layers;
    }
#endif
    VkResult result = api.vkCreateInstance(&info, nullptr, &instance);
    if (result != VK_SUCCESS) {
      instance = VK_NULL_HANDLE;
      return "vkCreateInstance failed: " + resultName(result) +
             " (no Vulkan driver installed?)";
    }
#define HLO_LOAD(name)                                                         \
  api.name = reinterpret_cast<PFN_##name>(                                     \
      api.vkGetInstanceProcAddr(instance, #name));                             \
  if (!api.name)                                                               \
    return "the Vulkan loader lacks " #name;
    HLO_VK_INSTANCE_FUNCTIONS(HLO_LOAD)
#undef HLO_LOAD
    return "";
  }

  std::string createDevice() {
    std::vector<VkPhysicalDevice> devices = physicalDevices();
    if (devices.empty())
      return "no Vulkan physical device";
    int index = selectedIndex();
    if (index < 0 || index >= static_cast<int>(devices.size()))
      return "Vulkan device " + std::to_string(index) + " does not exist (" +
             std::to_string(devices.size()) + " found)";
    physical = devices[index];
    VkPhysicalDeviceProperties properties;
    api.vkGetPhysicalDeviceProperties(physical, &properties);
    deviceName = properties.deviceName;
    timestampPeriod = properties.limits.timestampPeriod;
    queryLimits(physical, limits);

    uint32_t familyCount = 0;
    api.vkGetPhysicalDeviceQueueFamilyProperties(physical, &familyCount,
                                                 nullptr);
    std::vector<VkQueueFamilyProperties> families(familyCount);
    api.vkGetPhysicalDeviceQueueFamilyProperties(physical, &familyCount,
                                                 families.data());
    bool found = false;
    for (uint32_t i = 0; i < familyCount && !found; ++i)
      if (families[i].queueFlags & VK_QUEUE_COMPUTE_BIT) {
        queueFamily = i;
        found = true;
        timestamps = families[i].timestampValidBits != 0;
      }
    if (!found)
      return "Vulkan device '" + deviceName + "' has no compute queue";

    VkPhysicalDeviceMemoryProperties memory;
    api.vkGetPhysicalDeviceMemoryProperties(physical, &memory);
    found = false;
    const VkMemoryPropertyFlags wanted =
        VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
        VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
    for (uint32_t i = 0; i < memory.memoryTypeCount && !found; ++i)
      if ((memory.memoryTypes[i].propertyFlags & wanted) == wanted) {
        memoryType = i;
        found = true;
      }
    if (!found)
      return "Vulkan device '" + deviceName +
             "' has no host-visible coherent memory";

    // Every feature the compiler may use (it derives the kernels' target
    // environment from the same query).
    VkPhysicalDevice16BitStorageFeatures storage16{};
    storage16.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_16BIT_STORAGE_FEATURES;
    storage16.storageBuffer16BitAccess = limits.storage16;
    VkPhysicalDevice8BitStorageFeatures storage8{};
    storage8.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_8BIT_STORAGE_FEATURES;
    storage8.storageBuffer8BitAccess = limits.storage8;
    storage8.pNext = &storage16;
    VkPhysicalDeviceShaderFloat16Int8Features float16Int8{};
    float16Int8.sType =
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_FLOAT16_INT8_FEATURES;
    float16Int8.shaderFloat16 = limits.float16;
    float16Int8.shaderInt8 = limits.int8;
    float16Int8.pNext = &storage8;
    VkPhysicalDeviceFeatures2 features{};
    features.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2;
    features.features.shaderFloat64 = limits.float64;
    features.features.shaderInt64 = limits.int64;
    features.features.shaderInt16 = limits.int16;
    features.pNext = &float16Int8;

    float priority = 1;
    VkDeviceQueueCreateInfo queueInfo{};
    queueInfo.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO;
    queueInfo.queueFamilyIndex = queueFamily;
    queueInfo.queueCount = 1;
    queueInfo.pQueuePriorities = &priority;
    VkDeviceCreateInfo deviceInfo{};
    deviceInfo.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO;
    deviceInfo.pNext = &features;
    deviceInfo.queueCreateInfoCount = 1;
    deviceInfo.pQueueCreateInfos = &queueInfo;
    VkResult result = api.vkCreateDevice(physical, &deviceInfo, nullptr,
                                         &device);
    if (result != VK_SUCCESS) {
      device = VK_NULL_HANDLE;
      return "vkCreateDevice failed: " + resultName(result);
    }
#define HLO_LOAD(name)                                                         \
  api.name =                                                                   \
      reinterpret_cast<PFN_##name>(api.vkGetDeviceProcAddr(device, #name));    \
  if (!api.name)                                                               \
    return "the Vulkan driver lacks " #name;
    HLO_VK_DEVICE_FUNCTIONS(HLO_LOAD)
#undef HLO_LOAD
    api.vkGetDeviceQueue(device, queueFamily, 0, &queue);

    VkCommandPoolCreateInfo poolInfo{};
    poolInfo.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO;
    poolInfo.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
    poolInfo.queueFamilyIndex = queueFamily;
    if (api.vkCreateCommandPool(device, &poolInfo, nullptr, &commandPool) !=
        VK_SUCCESS)
      return "vkCreateCommandPool failed";
    VkCommandBufferAllocateInfo bufferInfo{};
    bufferInfo.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO;
    bufferInfo.commandPool = commandPool;
    bufferInfo.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    bufferInfo.commandBufferCount = 1;
    if (api.vkAllocateCommandBuffers(device, &bufferInfo, &commands) !=
        VK_SUCCESS)
      return "vkAllocateCommandBuffers failed";
    VkFenceCreateInfo fenceInfo{};
    fenceInfo.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO;
    if (api.vkCreateFence(device, &fenceInfo, nullptr, &fence) != VK_SUCCESS)
      return "vkCreateFence failed";
    if (timestamps) {
      VkQueryPoolCreateInfo queryInfo{};
      queryInfo.sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO;
      queryInfo.queryType = VK_QUERY_TYPE_TIMESTAMP;
      queryInfo.queryCount = 2;
      if (api.vkCreateQueryPool(device, &queryInfo, nullptr, &queries) !=
          VK_SUCCESS)
        timestamps = false;
    }
    return "";
  }
};

Runtime &runtime() {
  static Runtime *instance = new Runtime; // leaked, see the file comment
  return *instance;
}

void copyOut(const std::string &text, char *buffer, size_t size) {
  if (!buffer || size == 0)
    return;
  size_t length = std::min(text.size(), size - 1);
  std::memcpy(buffer, text.data(), length);
  buffer[length] = '\0';
}

} // namespace

//===----------------------------------------------------------------------===//
// Host API
//===----------------------------------------------------------------------===//

extern "C" int hloVulkanAvailable(char *message, size_t size) {
  Runtime &rt = runtime();
  std::lock_guard<std::mutex> lock(rt.mutex);
  std::string reason;
  bool available = rt.available(reason);
  copyOut(reason, message, size);
  return available;
}

extern "C" void hloVulkanSelectDevice(int index) {
  Runtime &rt = runtime();
  std::lock_guard<std::mutex> lock(rt.mutex);
  rt.requestedDevice = index;
}

extern "C" int hloVulkanListDevices(FILE *stream) {
  Runtime &rt = runtime();
  std::lock_guard<std::mutex> lock(rt.mutex);
  std::string reason;
  if (!rt.openInstance(reason)) {
    std::fprintf(stream, "vulkan: unavailable: %s\n", reason.c_str());
    return -1;
  }
  std::vector<VkPhysicalDevice> devices = rt.physicalDevices();
  for (size_t i = 0; i < devices.size(); ++i) {
    VkPhysicalDeviceProperties properties;
    rt.api.vkGetPhysicalDeviceProperties(devices[i], &properties);
    HloVulkanLimits limits{};
    rt.queryLimits(devices[i], limits);
    std::fprintf(stream,
                 "vulkan:%zu: %s (Vulkan %u.%u, subgroup %u, shared memory "
                 "%u bytes%s%s%s%s%s)\n",
                 i, properties.deviceName,
                 VK_API_VERSION_MAJOR(properties.apiVersion),
                 VK_API_VERSION_MINOR(properties.apiVersion),
                 limits.subgroupSize, limits.maxSharedMemoryBytes,
                 limits.float16 ? ", f16" : "", limits.float64 ? ", f64" : "",
                 limits.int64 ? ", i64" : "",
                 limits.int16 && limits.storage16 ? ", i16" : "",
                 limits.int8 && limits.storage8 ? ", i8" : "");
  }
  return static_cast<int>(devices.size());
}

extern "C" int hloVulkanQueryLimits(HloVulkanLimits *limits) {
  Runtime &rt = runtime();
  std::lock_guard<std::mutex> lock(rt.mutex);
  std::string reason;
  if (!rt.available(reason))
    return 1;
  *limits = rt.limits;
  return 0;
}

extern "C" int hloVulkanDeviceName(char *name, size_t size) {
  Runtime &rt = runtime();
  std::lock_guard<std::mutex> lock(rt.mutex);
  if (!rt.enter())
    return 1;
  copyOut(rt.deviceName, name, size);
  return 0;
}

extern "C" const char *hloVulkanTakeError(void) {
  static thread_local std::string taken;
  Runtime &rt = runtime();
  std::lock_guard<std::mutex> lock(rt.mutex);
  taken = rt.takeError();
  return taken.empty() ? nullptr : taken.c_str();
}

extern "C" void hloVulkanSynchronize(void) {
  // Every launch is waited for.
}

extern "C" void *hloVulkanAlloc(size_t bytes) {
  Runtime &rt = runtime();
  std::lock_guard<std::mutex> lock(rt.mutex);
  if (!rt.enter())
    return nullptr;
  return rt.allocate(bytes);
}

extern "C" void hloVulkanFree(void *devicePointer) {
  Runtime &rt = runtime();
  std::lock_guard<std::mutex> lock(rt.mutex);
  if (!devicePointer || !rt.enter())
    return;
  rt.release(devicePointer);
}

extern "C" int hloVulkanCopyToDevice(void *deviceDst, const void *hostSrc,
                                     size_t bytes) {
  if (bytes)
    std::memcpy(deviceDst, hostSrc, bytes);
  return 0;
}

extern "C" int hloVulkanCopyFromDevice(void *hostDst, const void *deviceSrc,
                                       size_t bytes) {
  if (bytes)
    std::memcpy(hostDst, deviceSrc, bytes);
  return 0;
}

extern "C" void hloVulkanSetProfiling(int enabled) {
  Runtime &rt = runtime();
  std::lock_guard<std::mutex> lock(rt.mutex);
  rt.profiling = enabled != 0;
  rt.kernelTimes.clear();
}

extern "C" void hloVulkanPrintProfile(FILE *stream) {
  Runtime &rt = runtime();
  std::lock_guard<std::mutex> lock(rt.mutex);
  if (!rt.timestamps) {
    std::fprintf(stream, "no timestamp queries on this Vulkan device\n");
    return;
  }
  std::vector<std::pair<std::string, KernelTime>> rows(rt.kernelTimes.begin(),
                                                       rt.kernelTimes.end());
  std::sort(rows.begin(), rows.end(), [](const auto &a, const auto &b) {
    return a.second.ms > b.second.ms;
  });
  for (const auto &[name, time] : rows)
    std::fprintf(stream, "kernel %s: %ld launches, %.4f ms\n", name.c_str(),
                 time.count, time.ms);
}

extern "C" double hloVulkanTotalKernelMs(void) {
  Runtime &rt = runtime();
  std::lock_guard<std::mutex> lock(rt.mutex);
  double total = 0;
  for (const auto &entry : rt.kernelTimes)
    total += entry.second.ms;
  return total;
}

//===----------------------------------------------------------------------===//
// The mgpu* functions of upstream's host code, renamed
//===----------------------------------------------------------------------===//

/// Reads the argument table hlo-vulkan-serialize-kernels puts before the
/// SPIR-V (see its description) into `arguments`, and moves `data` and
/// `size` past it. Without the table's magic, the bytes are plain SPIR-V.
static bool readArgumentTable(const char *&data, size_t &size,
                              std::map<std::string, KernelArguments> &arguments,
                              std::string &problem) {
  constexpr char magic[] = "HLOVKSP1";
  if (size < 8 || std::memcmp(data, magic, 8) != 0)
    return true;
  const char *end = data + size, *cursor = data + 8;
  auto word = [&](uint32_t &value) {
    if (end - cursor < 4)
      return false;
    value = 0;
    for (int i = 0; i < 4; ++i)
      value |= static_cast<uint32_t>(static_cast<uint8_t>(cursor[i])) << (8 * i);
    cursor += 4;
    return true;
  };
  problem = "the kernel module's argument table is truncated or malformed";
  uint32_t kernels = 0;
  if (!word(kernels))
    return false;
  for (uint32_t k = 0; k < kernels; ++k) {
    uint32_t length = 0;
    if (!word(length) || static_cast<size_t>(end - cursor) < length)
      return false;
    std::string name(cursor, length);
    cursor += (length + 3) / 4 * 4;
    KernelArguments kernel;
    uint32_t constants = 0;
    if (cursor > end || !word(kernel.count) || !word(constants) ||
        constants > kernel.count)
      return false;
    for (uint32_t c = 0; c < constants; ++c) {
      PushConstant constant;
      if (!word(constant.argument) || !word(constant.offset) ||
          !word(constant.bytes) || constant.argument >= kernel.count ||
          (constant.bytes != 4 && constant.bytes != 8) ||
          constant.offset > 4096)
        return false;
      kernel.pushConstants.push_back(constant);
    }
    arguments[name] = std::move(kernel);
  }
  problem.clear();
  size = static_cast<size_t>(end - cursor);
  data = cursor;
  return true;
}

extern "C" void *hloVkModuleLoad(void *data, size_t size) {
  Runtime &rt = runtime();
  std::lock_guard<std::mutex> lock(rt.mutex);
  if (!rt.enter())
    return nullptr;
  auto module = std::make_unique<Module>();
  const char *bytes = static_cast<const char *>(data);
  std::string problem;
  if (!readArgumentTable(bytes, size, module->arguments, problem)) {
    rt.setError(problem);
    return nullptr;
  }
  if (size % 4 != 0) {
    rt.setError("a SPIR-V module's size is a multiple of 4 bytes");
    return nullptr;
  }
  // The embedded bytes need not be word aligned.
  std::vector<uint32_t> words(size / 4);
  std::memcpy(words.data(), bytes, size);
  VkShaderModuleCreateInfo info{};
  info.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO;
  info.codeSize = size;
  info.pCode = words.data();
  if (!rt.check(rt.api.vkCreateShaderModule(rt.device, &info, nullptr,
                                            &module->shader),
                "vkCreateShaderModule"))
    return nullptr;
  return module.release();
}

extern "C" void hloVkModuleUnload(void *module) {
  // Pipelines and shader modules live as long as the process: a program is
  // unloaded when the process ends.
  (void)module;
}

extern "C" void *hloVkModuleGetFunction(void *module, const char *name) {
  Runtime &rt = runtime();
  std::lock_guard<std::mutex> lock(rt.mutex);
  if (!module) {
    rt.setError(std::string("no module to find kernel '") + name + "' in");
    return nullptr;
  }
  auto *m = static_cast<Module *>(module);
  std::unique_ptr<Function> &function = m->functions[name];
  if (!function) {
    function = std::make_unique<Function>();
    function->module = m;
    function->name = name;
    if (auto it = m->arguments.find(name); it != m->arguments.end())
      function->arguments = it->second;
  }
  return function.get();
}

extern "C" void hloVkLaunchKernel(void *function, intptr_t gridX,
                                  intptr_t gridY, intptr_t gridZ,
                                  intptr_t blockX, intptr_t blockY,
                                  intptr_t blockZ, int32_t sharedBytes,
                                  void *stream, void **params, void **extra,
                                  size_t paramsCount) {
  (void)blockX, (void)blockY, (void)blockZ, (void)sharedBytes, (void)stream,
      (void)extra;
  Runtime &rt = runtime();
  std::lock_guard<std::mutex> lock(rt.mutex);
  if (!function || !rt.enter()) {
    rt.setError("launching a kernel that was not loaded");
    return;
  }
  const intptr_t grid[3] = {gridX, gridY, gridZ};
  if (gridX == 0 || gridY == 0 || gridZ == 0)
    return;
  rt.launch(*static_cast<Function *>(function), grid, params, paramsCount);
}

// Streams and events: every launch completes before it returns.
extern "C" void *hloVkStreamCreate(void) {
  static int stream;
  return &stream;
}
extern "C" void hloVkStreamDestroy(void *) {}
extern "C" void hloVkStreamSynchronize(void *) {}
extern "C" void hloVkStreamWaitEvent(void *, void *) {}
extern "C" void *hloVkEventCreate(void) {
  static int event;
  return &event;
}
extern "C" void hloVkEventDestroy(void *) {}
extern "C" void hloVkEventSynchronize(void *) {}
extern "C" void hloVkEventRecord(void *, void *) {}

extern "C" void *hloVkMemAlloc(uint64_t bytes, void *, bool) {
  return hloVulkanAlloc(bytes);
}

extern "C" void hloVkMemFree(void *pointer, void *) { hloVulkanFree(pointer); }

extern "C" void hloVkMemcpy(void *dst, void *src, size_t bytes, void *) {
  if (bytes)
    std::memmove(dst, src, bytes);
}

extern "C" void hloVkMemset32(void *dst, unsigned int value, size_t count,
                              void *) {
  auto *words = static_cast<uint32_t *>(dst);
  for (size_t i = 0; i < count; ++i)
    words[i] = value;
}

extern "C" void hloVkMemset16(void *dst, unsigned short value, size_t count,
                              void *) {
  auto *halves = static_cast<uint16_t *>(dst);
  for (size_t i = 0; i < count; ++i)
    halves[i] = value;
}

extern "C" void hloVkSetDefaultDevice(int32_t device) {
  hloVulkanSelectDevice(device);
}
