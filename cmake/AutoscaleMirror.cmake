# cmake -DLIST=<file> -DROOT=<dir> -DOUT=<dir> -P AutoscaleMirror.cmake
# Run by autoscale_rewrite() after the tool: each project header in LIST (paths relative to ROOT)
# that is not in OUT, because no unit read it, is copied there as it is, so that every header the
# build declares as the rewrite's byproduct exists. A header that is there already is the tool's
# (rewritten, or copied by an earlier run) and stays as it is.
file(STRINGS ${LIST} headers)
foreach(header IN LISTS headers)
  if(NOT EXISTS ${OUT}/${header})
    configure_file(${ROOT}/${header} ${OUT}/${header} COPYONLY)
  endif()
endforeach()
