# `cpack -G DEB` in the build tree makes autoscale_<version>_<arch>.deb: everything `cmake --install`
# installs (tool, rules and stand-in headers, runtime static + shared, headers, CMake and pkg-config
# files) under /usr, for `apt install ./autoscale_*.deb`.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME autoscale)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "autoscale developers <autoscale@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
  "rewrites C/C++/CUDA float arithmetic into scaled FP8/FP16/BF16 emulation")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
# The libraries the binaries load (libclang-cpp19, libllvm19, libyaml-cpp0.7, libdnnl2, libstdc++6...)
# come from dpkg-shlibdeps; ldconfig runs on install for libautoscale.so.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS ON)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS_POLICY ">=")
# What the tool reads that no library reference reveals (tool/CMakeLists.txt says).
set(CPACK_DEBIAN_PACKAGE_DEPENDS "${AUTOSCALE_TOOL_DEB_DEPENDS}")
# Compiling rewritten code, and finding it with pkg-config.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "gcc | c-compiler, g++ | c++-compiler, pkg-config, python3")
# Only the static library needs these: -ldnnl and oneDNN's CMake package (which wants OpenCL's).
if(AUTOSCALE_HAVE_DNNL)
  set(CPACK_DEBIAN_PACKAGE_SUGGESTS "libdnnl-dev, ocl-icd-opencl-dev, cmake")
endif()
include(CPack)
