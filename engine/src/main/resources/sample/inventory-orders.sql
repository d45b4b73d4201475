CREATE TABLE public.orders (
  id BIGINT PRIMARY KEY,
  customer_name VARCHAR(100) NOT NULL,
  amount NUMERIC(10, 2) NOT NULL,
  order_status VARCHAR(20) NOT NULL
);
ALTER TABLE public.orders REPLICA IDENTITY FULL;

INSERT INTO public.orders VALUES
  (101, 'Alice', 29.90, 'NEW'),
  (102, 'Bob', 5.00, 'NEW');
