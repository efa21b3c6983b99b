# Firmware tests of the DNNWeaver-style PU apps (seeds 000/002) on the ZC702, in both timing modes.
# Included by tests/firmware/arm/apps (zvp_design_tests in ../CMakeLists.txt): FW and CHECK come
# from there.
foreach(mode lt at)
  # LeNet-5: 12 digits of the committed MNIST head, the short configuration list (flags 3);
  # classes equal the host golden model's.
  add_test(NAME firmware.dnnweaver_lenet.${mode}
           COMMAND ${CMAKE_CURRENT_LIST_DIR}/lenet_check.sh $<TARGET_FILE:zvp>
                   $<TARGET_FILE:dnnweaver_lenet_golden> ${FW}/dnnweaver_lenet.elf
                   ${PROJECT_SOURCE_DIR}/scenarios/data/lenet/mnist_test_head40.bin ${mode} 12 3)
  # VGG16 shapes, first 4 layers, channels / 16, side / 8 (flags 0x13401: quiet, exact + fast 4-2).
  # conv1_1 by hand: 28x28 = 784 conv pixels = 49 groups of 16 PEs, 3 x 9 weights, 4 output
  # channels: 5,292 weight steps; + 3 PE stages -> 5,295 bit-parallel cycles, 16 x 5,292 + 3 =
  # 84,675 bit-serial cycles. The app checks 8 outputs per layer against the golden model.
  add_test(NAME firmware.dnnweaver_vgg.${mode}
           COMMAND ${CHECK} $<TARGET_FILE:zvp> ${FW}/dnnweaver_vgg.elf ${mode} 0
                   --expect "----- dnnweaver_vgg end (ok) -----"
                   --expect-re "^@layer conv1_1 conv mode=exact descriptors=1 macs=84672 .* serial_cycles=84675 par_cycles=5295 "
                   --expect-re "^@layer conv2_2 conv mode=fast42 "
                   -- --board zc702 --images 4 --boot-flags 0x13401 --uart-instant)
  set_tests_properties(firmware.dnnweaver_lenet.${mode} firmware.dnnweaver_vgg.${mode} PROPERTIES LABELS firmware
                       REQUIRED_FILES "${FW}/dnnweaver_lenet.elf;${FW}/dnnweaver_vgg.elf")
endforeach()
