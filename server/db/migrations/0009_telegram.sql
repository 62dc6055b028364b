-- placeholder: filled by its work package
SELECT 1;
