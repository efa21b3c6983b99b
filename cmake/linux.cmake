# Linux on ZVP (docs/linux.md): the boards' device trees, built by `all` when dtc is present, and
# the target `linux_images`, which builds the kernel (tools/linux/zynq.config on allnoconfig), the
# mainline Zynq DTBs and the BusyBox initramfs into <build>/linux. linux_images is not part of
# `all`: the kernel takes minutes; tools/test.sh --linux builds it before the `linux` tests.
set(ZVP_DTS_DIR ${PROJECT_SOURCE_DIR}/platform/soc/boards/dts)
set(ZVP_DTB_DIR ${CMAKE_BINARY_DIR}/dts)
set(ZVP_LINUX_DIR ${CMAKE_BINARY_DIR}/linux)

find_program(ZVP_DTC dtc)
if(ZVP_DTC)
  file(GLOB board_dts CONFIGURE_DEPENDS ${ZVP_DTS_DIR}/*.dts)
  file(GLOB board_dtsi CONFIGURE_DEPENDS ${ZVP_DTS_DIR}/*.dtsi)
  set(board_dtbs)
  foreach(dts ${board_dts})
    get_filename_component(board ${dts} NAME_WE)
    set(dtb ${ZVP_DTB_DIR}/${board}.dtb)
    add_custom_command(OUTPUT ${dtb}
      COMMAND ${CMAKE_COMMAND} -E make_directory ${ZVP_DTB_DIR}
      COMMAND ${ZVP_DTC} -I dts -O dtb -i ${ZVP_DTS_DIR} -o ${dtb}.tmp ${dts}
      COMMAND ${CMAKE_COMMAND} -E rename ${dtb}.tmp ${dtb}
      DEPENDS ${dts} ${board_dtsi}
      COMMENT "dtc ${board}.dts"
      VERBATIM)
    list(APPEND board_dtbs ${dtb})
  endforeach()
  add_custom_target(board_dtbs ALL DEPENDS ${board_dtbs})
else()
  message(STATUS "dtc not found (Debian package device-tree-compiler): the boards' device trees "
                 "(<build>/dts) are not built and zvp boot needs --dtb")
endif()

add_custom_target(linux_images
  COMMAND bash ${PROJECT_SOURCE_DIR}/tools/linux/build_kernel.sh ${ZVP_LINUX_DIR}
  COMMAND bash ${PROJECT_SOURCE_DIR}/tools/linux/build_initramfs.sh ${ZVP_LINUX_DIR} ${ZVP_FIRMWARE_OUT}/linux
  USES_TERMINAL
  COMMENT "Linux kernel, mainline Zynq DTBs and initramfs in ${ZVP_LINUX_DIR}"
  VERBATIM)
# The initramfs's /bin gets the Linux user-space apps (firmware/linux) when firmware is built.
if(ZVP_BUILD_FIRMWARE)
  add_dependencies(linux_images firmware_linux)
endif()
